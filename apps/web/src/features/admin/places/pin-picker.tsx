import { lazy, Suspense, useId, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Skeleton } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import type { PlacePoint } from './place-fields'

const PinMap = lazy(() => import('./pin-map'))

/**
 * "Place on the map": the owner drops the pin where no gazetteer name fits (a pass, a beach). The country comes
 * from the nearest gazetteer place; the map code loads only when opened.
 */
export function PinPicker({ point, onPoint }: { point: PlacePoint; onPoint: (point: PlacePoint) => void }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const drop = async (latitude: number, longitude: number) => {
    const rounded = { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 }
    onPoint({ ...point, ...rounded })
    const nearest = await queryClient.fetchQuery(trpc.places.nearest.queryOptions(rounded)).catch(() => null)
    if (nearest) onPoint({ ...rounded, country_code: nearest.country_code })
  }
  return (
    <div>
      <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? 'Close the map' : 'Place on the map'}
      </Button>
      {open && (
        <div id={id} className="mt-3">
          <Suspense fallback={<Skeleton className="h-[280px] w-full rounded-xl" />}>
            <PinMap point={point} onDrop={(latitude, longitude) => void drop(latitude, longitude)} />
          </Suspense>
          <p className="mt-1 text-xs text-gray-600">
            Click where it was, or move the map with the arrow keys and press Enter to put the pin at the centre.
          </p>
        </div>
      )}
    </div>
  )
}
