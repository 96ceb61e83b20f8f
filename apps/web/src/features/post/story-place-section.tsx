import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { trpc } from '../../lib/trpc'
import { MapBoundary } from '../map/map-unavailable'

// The map code (d3-geo, the world's shapes) loads only for stories that have a place.
const StoryPlaceMaps = lazy(() => import('../map/story-place-maps'))

/** Below a published story: where it happened (a small map linking to /map), or its route with its figures. */
export function StoryPlaceSection({ slug, location }: { slug: string; location: string }) {
  const place = useQuery(trpc.places.story.queryOptions({ slug }, { staleTime: 60_000, retry: false }))
  const hasRoute = place.data?.has_route === true
  const route = useQuery(
    trpc.places.storyRoute.queryOptions({ slug }, { enabled: hasRoute, staleTime: 60_000, retry: false }),
  )
  if (!place.data || (place.data.latitude === null && !hasRoute) || (hasRoute && !route.data)) return null
  return (
    <MapBoundary>
      <Suspense fallback={null}>
        <StoryPlaceMaps place={place.data} route={route.data} location={location} />
      </Suspense>
    </MapBoundary>
  )
}
