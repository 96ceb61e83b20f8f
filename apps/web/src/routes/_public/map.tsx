import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { MapScreen } from '../../features/map/map-screen'
import { clampView, type MapView } from '../../features/map/mercator'
import { countriesQuery, mapSettingsQuery } from '../../features/map/queries'
import { tripsQuery } from '../../features/trips/queries'
import { settled } from '../../lib/preload'
import { optionalNumber, optionalText, z } from '../../lib/search-params'

/** /map?lat=&lng=&zoom= centres the map (a story's mini map links here); category, year and trip filter it. */
const mapSearch = z.object({
  lat: optionalNumber(-85, 85),
  lng: optionalNumber(-180, 180),
  zoom: optionalNumber(1, 18, true),
  category: optionalText(100),
  year: optionalNumber(1900, 2200, true),
  trip: optionalText(200),
})

const WORLD: MapView = { longitude: 20, latitude: 25, zoom: 2 }

export const Route = createFileRoute('/_public/map')({
  validateSearch: mapSearch,
  // The map settings with the page's other data: the deepest zoom is part of the markers' query, and learning it
  // after the first draw asked for the markers twice, the second time after the first answer came back.
  loader: ({ context: { queryClient } }) =>
    settled(
      queryClient.ensureQueryData(countriesQuery()),
      queryClient.ensureQueryData(tripsQuery()),
      queryClient.ensureQueryData(mapSettingsQuery()),
    ),
  component: MapRoute,
})

function MapRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/map' })
  const initialView = clampView({
    longitude: search.lng ?? WORLD.longitude,
    latitude: search.lat ?? WORLD.latitude,
    zoom: search.zoom ?? (search.lat === undefined ? WORLD.zoom : 9),
  })
  return (
    <MapScreen
      initialView={initialView}
      filters={{ category: search.category, year: search.year, trip: search.trip }}
      onFilters={(f) => void navigate({ search: (s) => ({ ...s, category: f.category, year: f.year, trip: f.trip }) })}
    />
  )
}
