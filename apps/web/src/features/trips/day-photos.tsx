import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { TripDay } from '@wayfarer/api/schemas'
import { PhotoImage } from '../gallery/photo-image'
import { tripDayPhotosQuery } from './queries'

// Opened only by a reader's click: its code stays out of the trip page's first load.
const Lightbox = lazy(() => import('../gallery/lightbox').then((m) => ({ default: m.Lightbox })))

const thumb =
  'block h-24 w-32 shrink-0 overflow-hidden rounded-lg focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none'

/**
 * A strip of the day's photos, each opening the gallery's lightbox. The timeline brings the first few; when the
 * day has more, "+N" (or opening any photo) reads them all so the lightbox walks through the whole day.
 */
export function DayPhotos({ slug, day }: { slug: string; day: TripDay }) {
  const [open, setOpen] = useState<number | null>(null)
  const more = day.photo_count - day.photos.length
  const all = useQuery({ ...tripDayPhotosQuery(slug, day.day), enabled: open !== null && more > 0 })
  const photos = all.data?.photos ?? day.photos
  return (
    <div className="mt-4">
      <ul className="flex gap-2 overflow-x-auto pb-2" aria-label={`Photos of day ${day.day}`} data-testid="day-photos">
        {day.photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open ${p.title || 'photo'}`}
              className={thumb}
            >
              <PhotoImage photo={p} thumbnail sizes="128px" loading="lazy" className="h-full w-full object-cover" />
            </button>
          </li>
        ))}
        {more > 0 && (
          <li>
            <button
              type="button"
              onClick={() => setOpen(day.photos.length)}
              className={`${thumb} flex items-center justify-center bg-stone-100 font-semibold text-gray-800`}
            >
              +{more} more
            </button>
          </li>
        )}
      </ul>
      {open !== null && photos[open] ? (
        <Suspense fallback={null}>
          <Lightbox photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
