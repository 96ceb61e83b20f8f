import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type ChangeEvent, type ReactNode } from 'react'
import {
  attachedRoute,
  MAX_GPX_BYTES,
  placeMessages,
  type GazetteerPlace,
  type PhotoPlaceSuggestion,
} from '@wayfarer/api/schemas'
import { Button, Card } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import { uploadFile } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'
import { PhotoPlaceOffer, PointSummary, type PlacePoint } from '../places/place-fields'
import { PlaceSearch } from '../places/place-search'
import { PinPicker } from '../places/pin-picker'
import type { PostFormValues } from './post-form-state'

type PlaceChange = Partial<
  Pick<
    PostFormValues,
    'location_name' | 'location_region' | 'location_country' | 'latitude' | 'longitude' | 'country_code'
  >
>

interface Props {
  /** The place in words (location, region, country): the one place of the form where it is entered. */
  names: ReactNode
  postId: number | null
  point: PlacePoint
  /** What the featured image's GPS suggested, until the owner uses or dismisses it. */
  offer: PhotoPlaceSuggestion | null
  onOfferDone: () => void
  onChange: (change: PlaceChange) => void
}

/** A gazetteer place as the story's location texts and point. */
const fromPlace = (place: GazetteerPlace): PlaceChange => ({
  location_name: place.name,
  location_region: place.region,
  location_country: place.country,
  latitude: place.latitude,
  longitude: place.longitude,
  country_code: place.country_code,
})

/**
 * The editor's "Place" card: where the story happened, in words and on the map, and its GPX route. Picking a
 * place in the search fills the words and the point; each can then be changed by hand.
 */
export function PlaceCard({ names, postId, point, offer, onOfferDone, onChange }: Props) {
  return (
    <Card className="space-y-4 p-6">
      <h3 className="font-semibold text-gray-900">Place</h3>
      <PlaceSearch onPick={(place) => onChange(fromPlace(place))} />
      {names}
      <PointSummary value={point} onRemove={() => onChange({ latitude: null, longitude: null })} />
      <PinPicker point={point} onPoint={onChange} />
      {offer && (
        <PhotoPlaceOffer
          suggestion={offer}
          onDismiss={onOfferDone}
          onAccept={() => {
            onChange(
              offer.place
                ? { ...fromPlace(offer.place), latitude: offer.latitude, longitude: offer.longitude }
                : { latitude: offer.latitude, longitude: offer.longitude },
            )
            onOfferDone()
          }}
        />
      )}
      {postId === null ? (
        <p className="text-sm text-gray-600">Save the post as a draft to attach a GPX route.</p>
      ) : (
        <RouteField postId={postId} onStart={(start) => point.latitude === null && onChange(start)} />
      )}
    </Card>
  )
}

const km = (m: number) => `${(m / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} km`

/** Attach, replace or remove the story's GPX route; the server checks and parses the file. */
function RouteField({
  postId,
  onStart,
}: {
  postId: number
  onStart: (start: { latitude: number; longitude: number }) => void
}) {
  const { summary, busy, removing, error, attach, detach } = useStoryRoute(postId, onStart)
  const route = summary.data
  return (
    <div className="space-y-2 border-t border-gray-100 pt-4">
      <h4 className="text-sm font-medium text-gray-700">Route</h4>
      {route ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800"
          data-testid="route-summary"
        >
          <span>
            {route.name || 'Route'} · {km(route.distance_m)} · {Math.round(route.elevation_gain_m).toLocaleString('en')}{' '}
            m gain · {route.point_count.toLocaleString('en')} points
          </span>
          <Button size="sm" variant="ghost" disabled={removing} onClick={() => void detach()}>
            Remove route
          </Button>
        </div>
      ) : (
        summary.isSuccess && (
          <p className="text-sm text-gray-600">
            No route. A GPX file from a watch or an app draws the way on the story page.
          </p>
        )
      )}
      <label className="block text-sm">
        <span className="sr-only">{route ? 'Replace the GPX route' : 'Attach a GPX route'}</span>
        <input
          type="file"
          accept=".gpx,application/gpx+xml"
          aria-label={route ? 'Replace the GPX route' : 'Attach a GPX route'}
          disabled={busy}
          onChange={(e) => void attach(e)}
          className="block w-full text-sm text-gray-600 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-teal-800 disabled:opacity-50"
        />
      </label>
      <p className="text-xs text-gray-600">{busy ? 'Attaching the route…' : 'GPX, up to 5 MB and 100,000 points.'}</p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

/** The story's route as the server has it, and attaching (a multipart upload) or removing it. */
function useStoryRoute(postId: number, onStart: (start: { latitude: number; longitude: number }) => void) {
  const queryClient = useQueryClient()
  const summary = useQuery(trpc.places.routeSummary.queryOptions({ post_id: postId }))
  const remove = useMutation(trpc.places.removeRoute.mutationOptions())
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const reread = () => queryClient.invalidateQueries(trpc.places.routeSummary.queryFilter({ post_id: postId }))

  async function attach(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setError(null)
    if (file.size > MAX_GPX_BYTES) return setError(placeMessages.gpxTooLarge)
    setBusy(true)
    try {
      const attached = await uploadFile(`/api/posts/${postId}/route`, 'gpx', file, attachedRoute, () => undefined)
      // The server gave the story the route's start when it had no point: the form keeps it on the next save.
      if (attached.latitude !== null && attached.longitude !== null)
        onStart({ latitude: attached.latitude, longitude: attached.longitude })
      await reread()
    } catch (e) {
      setError(toUserMessage(e, 'The route could not be attached'))
    } finally {
      setBusy(false)
    }
  }

  async function detach() {
    setError(null)
    try {
      await remove.mutateAsync({ post_id: postId })
      await reread()
    } catch (e) {
      setError(toUserMessage(e, 'The route could not be removed'))
    }
  }
  return { summary, busy, removing: remove.isPending, error, attach, detach }
}
