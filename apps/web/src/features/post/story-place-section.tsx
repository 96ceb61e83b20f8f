import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { StoryPlace, StoryRoute } from '@wayfarer/api/schemas'
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
  return <PlaceMaps place={place.data} route={hasRoute ? route.data : null} location={location} />
}

/**
 * The same section in the owner's preview of a post visitors cannot see yet: the public places reads answer 404
 * for it, so the place and route come through the preview token (owner only, read fresh like the preview).
 */
export function PreviewPlaceSection({ token, location }: { token: string; location: string }) {
  const preview = useQuery(trpc.posts.previewPlace.queryOptions({ token }, { retry: false, staleTime: 0, gcTime: 0 }))
  return <PlaceMaps place={preview.data?.place} route={preview.data?.route ?? null} location={location} />
}

/** `route` is null when the story has none, undefined while it is still on its way. */
function PlaceMaps({
  place,
  route,
  location,
}: {
  place: StoryPlace | undefined
  route: StoryRoute | null | undefined
  location: string
}) {
  if (!place || (place.latitude === null && !place.has_route) || route === undefined) return null
  return (
    <MapBoundary>
      <Suspense fallback={null}>
        <StoryPlaceMaps place={place} route={route ?? undefined} location={location} />
      </Suspense>
    </MapBoundary>
  )
}
