import type { PhotoPlaceSuggestion } from '@wayfarer/api/schemas'
import { Flag } from '../../map/flag'
import { Button } from '@wayfarer/ui'
import { placeLabel } from './place-search'

/** A point and its country as the editor and the gallery manager keep them. */
export interface PlacePoint {
  latitude: number | null
  longitude: number | null
  country_code: string | null
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
export const countryNameOf = (code: string): string => regionNames.of(code) ?? code

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`
/** "28.2096° N, 83.9856° E". */
export const formatPoint = (latitude: number, longitude: number): string =>
  `${degrees(latitude, 'N', 'S')}, ${degrees(longitude, 'E', 'W')}`

/** Where the story or photo sits on the map now, and the way to take it off. */
export function PointSummary({ value, onRemove }: { value: PlacePoint; onRemove: () => void }) {
  if (value.latitude === null || value.longitude === null)
    return (
      <p className="text-sm text-gray-600">
        {value.country_code
          ? `In ${countryNameOf(value.country_code)}, without a point: the country page lists it, the map cannot.`
          : 'Not on the map yet.'}
      </p>
    )
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800"
      data-testid="place-point"
    >
      <span>
        On the map at {formatPoint(value.latitude, value.longitude)}
        {value.country_code && (
          <>
            {' '}
            · <Flag code={value.country_code} /> {countryNameOf(value.country_code)}
          </>
        )}
      </span>
      <Button size="sm" variant="ghost" onClick={onRemove}>
        Remove from the map
      </Button>
    </div>
  )
}

const takenOn = (iso: string | null) =>
  iso ? ` on ${new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' })}` : ''

/**
 * What an uploaded photo's GPS says, offered and never taken without asking: the point is already rounded to
 * the site's precision, and the stored file has no location in it either way.
 */
export function PhotoPlaceOffer({
  suggestion,
  onAccept,
  onDismiss,
}: {
  suggestion: PhotoPlaceSuggestion
  onAccept: () => void
  onDismiss: () => void
}) {
  const where = suggestion.place
    ? `near ${placeLabel(suggestion.place)}`
    : `at ${formatPoint(suggestion.latitude, suggestion.longitude)}`
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-950"
      data-testid="photo-place-offer"
    >
      <p>
        This photo was taken {where}
        {takenOn(suggestion.taken_at)}. Nothing about its location is kept in the stored image; the place is saved only
        if you use it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onAccept}>
          Use this place
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Not now
        </Button>
      </div>
    </div>
  )
}
