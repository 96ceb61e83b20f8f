import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, cx, QueryView, Skeleton, Toast } from '@wayfarer/ui'
import { gallerySettingsQuery } from './queries'
import { GalleryImageCard } from './gallery-image-card'
import { ImagePreview } from './image-preview'
import { EditDetailsDialog } from './edit-details-dialog'
import { UploadButton } from './upload-button'
import type { ManagedImage } from './gallery-images'
import { useAdminGallery } from './use-admin-gallery'
import { useGalleryAi } from './use-gallery-ai'
import { useAdminTitle } from '../../../lib/page-meta'
import { PhotoPlaceOffer } from '../places/place-fields'
import { placeLabel } from '../places/place-search'

interface ManagerProps {
  /** The folder in the URL (?folder=…); the configured default when absent. */
  folder: string | undefined
  onFolder: (folder: string | undefined) => void
}

type Gallery = ReturnType<typeof useAdminGallery>

/** /admin/gallery: the image host's folder, what is published, and the tools to change it. */
export function AdminGalleryScreen(props: ManagerProps) {
  useAdminTitle('Gallery')
  const settings = useQuery(gallerySettingsQuery())
  return (
    <QueryView
      query={settings}
      loading={<Skeleton className="h-64" />}
      failed={(error) => error.message}
      failedClassName="rounded-lg bg-red-50 p-4 text-red-800"
    >
      {(data) => (
        // Another folder is another manager: fresh selection and notices.
        <GalleryManager key={props.folder ?? ''} {...props} defaultFolder={data.defaultFolder} store={data.store} />
      )}
    </QueryView>
  )
}

function GalleryManager({
  folder: chosen,
  onFolder,
  defaultFolder,
  store,
}: ManagerProps & { defaultFolder: string; store: 'cloudinary' | 'local' }) {
  const folder = chosen ?? defaultFolder
  const gallery = useAdminGallery(folder)
  const [view, setView] = useState<'grid' | 'list'>('grid')
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-gray-900">Gallery</h2>
          <p className="text-gray-600">
            Photos in {store === 'cloudinary' ? 'your Cloudinary folder' : 'the server’s image folder'}; publish the
            ones visitors should see.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ViewToggle view={view} onView={setView} />
          <Button
            variant="secondary"
            onClick={() => void gallery.reload('refresh')}
            disabled={gallery.folder.loading}
            aria-busy={gallery.folder.loading}
          >
            Refresh
          </Button>
          <UploadButton folder={folder} onUploaded={gallery.added} onNotice={gallery.notify} />
        </div>
      </header>
      <FolderForm
        folder={folder}
        busy={gallery.folder.loading}
        onLoad={(target) => {
          const next = target || defaultFolder
          if (next === folder) void gallery.reload('load')
          else onFolder(next === defaultFolder ? undefined : next)
        }}
      />
      {gallery.notice && (
        <Toast tone={gallery.notice.kind} data-testid="gallery-notice">
          {gallery.notice.text}
        </Toast>
      )}
      <UploadPlaceOffer gallery={gallery} />
      <SelectionBar gallery={gallery} />
      <FolderImages gallery={gallery} folder={folder} view={view} />
    </div>
  )
}

function ViewToggle({ view, onView }: { view: 'grid' | 'list'; onView: (view: 'grid' | 'list') => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={view === mode}
          onClick={() => onView(mode)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm capitalize',
            view === mode ? 'bg-teal-700 text-white' : 'text-gray-700',
          )}
        >
          {mode}
        </button>
      ))}
    </div>
  )
}

/** The folder to open: the same folder is read again, another one goes into the URL; empty means the default. */
function FolderForm({ folder, busy, onLoad }: { folder: string; busy: boolean; onLoad: (target: string) => void }) {
  const [input, setInput] = useState(folder)
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onLoad(input.trim())
      }}
    >
      <label htmlFor="gallery-folder" className="text-sm font-medium text-gray-700">
        Folder
      </label>
      <input
        id="gallery-folder"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        className="w-72 rounded-lg border border-gray-300 px-3 py-2 text-sm"
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Load
      </Button>
    </form>
  )
}

/** The last upload's GPS place, offered until the owner uses (it is saved at once) or dismisses it. */
function UploadPlaceOffer({ gallery }: { gallery: Gallery }) {
  const offer = gallery.placeOffer
  if (!offer) return null
  return (
    <PhotoPlaceOffer
      suggestion={offer.suggestion}
      onDismiss={gallery.dismissPlaceOffer}
      onAccept={() => {
        const { image, suggestion } = offer
        gallery.dismissPlaceOffer()
        void gallery.actions.setPlace(image, {
          latitude: suggestion.latitude,
          longitude: suggestion.longitude,
          country_code: suggestion.place?.country_code ?? null,
          ...(suggestion.place ? { location: placeLabel(suggestion.place) } : {}),
          taken_at: suggestion.taken_at,
        })
      }}
    />
  )
}

function SelectionBar({ gallery }: { gallery: Gallery }) {
  const { selection, actions } = gallery
  const selectedImages = gallery.folder.images.filter((i) => selection.selected.has(i.public_id))
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm">
      <span className="mr-2 text-gray-600">{selection.selected.size} selected</span>
      <Button size="sm" variant="ghost" onClick={selection.selectAll} disabled={gallery.folder.images.length === 0}>
        Select all
      </Button>
      <Button size="sm" variant="ghost" onClick={selection.clear} disabled={selection.selected.size === 0}>
        Clear
      </Button>
      <Button size="sm" onClick={() => void actions.publish(selectedImages, false)}>
        Publish to Gallery
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          void actions.unpublish(
            selectedImages.map((i) => i.public_id),
            false,
          )
        }
      >
        Unpublish selected
      </Button>
    </div>
  )
}

/** The folder's photos (placeholders, an empty note, or the cards), Load more, and the preview and details dialogs. */
function FolderImages({ gallery, folder, view }: { gallery: Gallery; folder: string; view: 'grid' | 'list' }) {
  const ai = useGalleryAi(gallery.actions.applyMetadata, gallery.notify)
  const [preview, setPreview] = useState<ManagedImage | null>(null)
  const [editing, setEditing] = useState<ManagedImage | null>(null)
  const { images, loading, next, loadingMore, loadMore } = gallery.folder
  const { actions, selection } = gallery
  return (
    <>
      {loading ? (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[4/3]" />
            </li>
          ))}
        </ul>
      ) : images.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-10 text-center text-gray-500">
          No images in {folder} yet. Upload one to start.
        </p>
      ) : (
        <ul
          className={
            view === 'grid' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4' : 'space-y-2'
          }
        >
          {images.map((image) => (
            <GalleryImageCard
              key={image.public_id}
              image={image}
              view={view}
              selected={selection.selected.has(image.public_id)}
              busy={actions.busy.has(image.public_id)}
              aiBusy={ai.pending.has(image.public_id)}
              actions={{
                onToggle: () => selection.toggle(image.public_id),
                onPreview: () => setPreview(image),
                onPublish: () => void actions.publish([image], true),
                onUnpublish: () => void actions.unpublish([image.public_id], true),
                onDelete: () => void actions.remove(image),
                onAi: () => void ai.generate(image),
                onEdit: () => setEditing(image),
              }}
            />
          ))}
        </ul>
      )}
      {next && !loading && (
        <div className="text-center">
          <Button variant="secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {preview && <ImagePreview image={preview} onClose={() => setPreview(null)} />}
      {editing && (
        <EditDetailsDialog
          image={editing}
          onClose={() => setEditing(null)}
          onSave={(metadata, place) => {
            setEditing(null)
            void (async () => {
              if (place) await actions.setPlace(editing, place)
              await actions.editDetails(editing, metadata)
            })()
          }}
        />
      )}
    </>
  )
}
