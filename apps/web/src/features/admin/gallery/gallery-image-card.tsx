import { Badge, Button, ConfirmButton, cx } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import type { ManagedImage } from './gallery-images'

export interface CardActions {
  onToggle: () => void
  onPreview: () => void
  onPublish: () => void
  onUnpublish: () => void
  onDelete: () => void
  onAi: () => void
  onEdit: () => void
}

/** One image of the manager, as a grid tile or a list row. */
export function GalleryImageCard({
  image,
  view,
  selected,
  busy,
  aiBusy,
  actions,
}: {
  image: ManagedImage
  view: 'grid' | 'list'
  selected: boolean
  busy: boolean
  aiBusy: boolean
  actions: CardActions
}) {
  const label = image.title || image.public_id.split('/').pop() || image.public_id
  return (
    <li
      data-testid="gallery-admin-image"
      data-public-id={image.public_id}
      className={cx(
        'overflow-hidden rounded-xl border bg-white shadow-sm',
        selected ? 'border-teal-600 ring-2 ring-teal-600' : 'border-gray-200',
        view === 'list' && 'flex items-center gap-4 p-2',
      )}
    >
      <div className={cx('relative', view === 'list' ? 'h-20 w-28 shrink-0' : 'aspect-[4/3]')}>
        <button
          type="button"
          onClick={actions.onPreview}
          aria-label={`Preview ${label}`}
          className="block h-full w-full"
        >
          <img
            src={image.thumbnail_url}
            alt={label}
            width={400}
            height={300}
            loading="lazy"
            className="h-full w-full rounded-md object-cover"
          />
        </button>
        <input
          type="checkbox"
          checked={selected}
          onChange={actions.onToggle}
          aria-label={`Select ${label}`}
          className="absolute left-2 top-2 h-6 w-6 accent-teal-700"
        />
      </div>
      <div className={cx('min-w-0 flex-1', view === 'grid' && 'p-3')}>
        <div className="flex items-center gap-2">
          <p className="truncate font-medium text-gray-900">{label}</p>
          {image.published ? (
            <Badge className="bg-green-100 text-green-800">Published</Badge>
          ) : (
            <Badge className="bg-gray-100 text-gray-600">Not published</Badge>
          )}
        </div>
        {image.location && <p className="truncate text-sm text-gray-600">{image.location}</p>}
        {image.place?.latitude != null && <p className="text-xs text-teal-800">On the map</p>}
        {image.caption && <p className="line-clamp-2 text-sm text-gray-500">{image.caption}</p>}
        {image.tags.length > 0 && <p className="truncate text-xs text-gray-600">{image.tags.join(' · ')}</p>}
        <ImageActions label={label} published={image.published} busy={busy} aiBusy={aiBusy} actions={actions} />
      </div>
    </li>
  )
}

/** Publish or Unpublish, Edit details, AI metadata and Delete (after the owner confirms). */
function ImageActions({
  label,
  published,
  busy,
  aiBusy,
  actions,
}: {
  label: string
  published: boolean
  busy: boolean
  aiBusy: boolean
  actions: CardActions
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {published ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={actions.onUnpublish}>
          Unpublish
        </Button>
      ) : (
        <Button size="sm" disabled={busy} onClick={actions.onPublish}>
          Publish
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={actions.onEdit}
        aria-label={`Edit details of ${label}`}
      >
        Edit details
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy || aiBusy}
        onClick={actions.onAi}
        title="Write title, caption, location and tags with AI"
      >
        {aiBusy ? 'AI…' : 'AI metadata'}
      </Button>
      <ConfirmButton
        size="sm"
        variant="ghost"
        className="text-red-700"
        disabled={busy}
        confirm={messages.gallery.deleteConfirm}
        onConfirm={actions.onDelete}
      >
        Delete
      </ConfirmButton>
    </div>
  )
}
