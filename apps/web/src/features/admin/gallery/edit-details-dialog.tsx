import { useState, type FormEvent } from 'react'
import type { GalleryMetadata } from '@wayfarer/api/schemas'
import { Button, Dialog, DialogActions, DialogTitle } from '@wayfarer/ui'
import { PointSummary, type PlacePoint } from '../places/place-fields'
import { PlaceSearch, placeLabel } from '../places/place-search'
import { PinPicker } from '../places/pin-picker'
import type { ManagedImage, PhotoPlaceChange } from './gallery-images'

// The limits of a published record (gallery/schema.ts publishImage), so the server never has to refuse.
const LIMITS = { title: 200, caption: 1000, location: 200, tag: 60, tags: 30 }

const labelClass = 'block text-sm font-medium text-gray-700'
const fieldClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

/** "a, b ,c,,b" → ["a", "b", "c"]: tags as the owner types them, tidied the way the AI's are. */
export const parseTags = (text: string): string[] =>
  [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim().toLowerCase().replace(/^#/, '').slice(0, LIMITS.tag))
        .filter(Boolean),
    ),
  ].slice(0, LIMITS.tags)

const pointOf = (image: ManagedImage): PlacePoint => ({
  latitude: image.place?.latitude ?? null,
  longitude: image.place?.longitude ?? null,
  country_code: image.place?.country_code ?? null,
})

/**
 * Title, caption, location and tags of one photo, written by hand (the AI button fills the same fields), and
 * where it was taken: a place from the gazetteer gives the point and the location text. `place` is passed only
 * when the point changed.
 */
export function EditDetailsDialog({
  image,
  onSave,
  onClose,
}: {
  image: ManagedImage
  onSave: (metadata: GalleryMetadata, place?: PhotoPlaceChange) => void
  onClose: () => void
}) {
  const [details, setDetails] = useState({
    title: image.title,
    caption: image.caption,
    location: image.location,
    tags: image.tags.join(', '),
  })
  const [point, setPoint] = useState(() => pointOf(image))
  const edit = (key: keyof typeof details) => (e: { target: { value: string } }) =>
    setDetails((d) => ({ ...d, [key]: e.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const moved = JSON.stringify(point) !== JSON.stringify(pointOf(image))
    const location = details.location.trim()
    onSave(
      { title: details.title.trim(), caption: details.caption.trim(), location, tags: parseTags(details.tags) },
      moved ? { ...point, location } : undefined,
    )
  }

  return (
    <Dialog
      onClose={onClose}
      backdropClassName="bg-black/50"
      className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
    >
      <DialogTitle className="text-lg font-semibold text-gray-900">Edit photo details</DialogTitle>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <label className={labelClass}>
          Title
          <input value={details.title} maxLength={LIMITS.title} onChange={edit('title')} className={fieldClass} />
        </label>
        <label className={labelClass}>
          Caption
          <textarea
            value={details.caption}
            maxLength={LIMITS.caption}
            rows={3}
            onChange={edit('caption')}
            className={fieldClass}
          />
        </label>
        <label className={labelClass}>
          Location
          <input
            value={details.location}
            maxLength={LIMITS.location}
            onChange={edit('location')}
            className={fieldClass}
          />
        </label>
        <PlaceFieldset
          point={point}
          onPoint={setPoint}
          onPlaceName={(name) => setDetails((d) => ({ ...d, location: name.slice(0, LIMITS.location) }))}
        />
        <label className={labelClass}>
          Tags
          <input value={details.tags} onChange={edit('tags')} aria-describedby="tags-hint" className={fieldClass} />
          <span id="tags-hint" className="mt-1 block text-xs font-normal text-gray-600">
            Separated by commas. The tags hero, about and gear put a photo on the Home and About pages.
          </span>
        </label>
        <DialogActions className="pt-2" dismiss="Cancel" onDismiss={onClose}>
          <Button type="submit">Save details</Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

/** Where the photo was taken: a gazetteer place (which also names the location), the point itself, or a pin. */
function PlaceFieldset({
  point,
  onPoint,
  onPlaceName,
}: {
  point: PlacePoint
  onPoint: (point: PlacePoint) => void
  onPlaceName: (name: string) => void
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">Place on the map</legend>
      <PlaceSearch
        label="Find where it was taken"
        onPick={(place) => {
          onPoint({ latitude: place.latitude, longitude: place.longitude, country_code: place.country_code })
          onPlaceName(placeLabel(place))
        }}
      />
      <PointSummary value={point} onRemove={() => onPoint({ ...point, latitude: null, longitude: null })} />
      <PinPicker point={point} onPoint={onPoint} />
    </fieldset>
  )
}
