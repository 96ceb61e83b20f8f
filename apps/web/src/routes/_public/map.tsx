import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { MapScreen } from '../../features/map/map-screen'
import { clampView, type MapView } from '../../features/map/mercator'
import { countriesQuery } from '../../features/map/queries'
import { settled } from '../../lib/preload'

/** /map?lat=&lng=&zoom= centres the map (a story's mini map links here); category and year filter it. */
const mapSearch = z.object({
  lat: z.coerce.number().min(-85).max(85).optional().catch(undefined),
  lng: z.coerce.number().min(-180).max(180).optional().catch(undefined),
  zoom: z.coerce.number().int().min(1).max(18).optional().catch(undefined),
  category: z.string().trim().min(1).max(100).optional().catch(undefined),
  year: z.coerce.number().int().min(1900).max(2200).optional().catch(undefined),
})

const WORLD: MapView = { longitude: 20, latitude: 25, zoom: 2 }

export const Route = createFileRoute('/_public/map')({
  validateSearch: mapSearch,
  loader: ({ context: { queryClient, trpc } }) => settled(queryClient.ensureQueryData(countriesQuery(trpc))),
  component: MapRoute,
})

function MapRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/map' })
  const initialView = clampView({ longitude: search.lng ?? WORLD.longitude, latitude: search.lat ?? WORLD.latitude, zoom: search.zoom ?? (search.lat === undefined ? WORLD.zoom : 9) })
  return (
    <MapScreen
      initialView={initialView}
      filters={{ category: search.category, year: search.year }}
      onFilters={(f) => void navigate({ search: (s) => ({ ...s, category: f.category, year: f.year }) })}
    />
  )
}
