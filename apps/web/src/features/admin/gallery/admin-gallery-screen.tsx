import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, cx, Skeleton, Toast } from '@wayfarer/ui'
import { gallerySettingsQuery } from './queries'
import { GalleryImageCard } from './gallery-image-card'
import { ImagePreview } from './image-preview'
import { EditDetailsDialog } from './edit-details-dialog'
import { UploadButton } from './upload-button'
import { useAdminGallery, type ManagedImage } from './use-admin-gallery'
import { useGalleryAi } from './use-gallery-ai'
import { useAdminTitle } from '../../../lib/page-meta'
import { PhotoPlaceOffer } from '../places/place-fields'
import { placeLabel } from '../places/place-search'

interface ManagerProps {
  /** The folder in the URL (?folder=…); the configured default when absent. */
  folder: string | undefined
  onFolder: (folder: string | undefined) => void
}

/** /admin/gallery (SPEC.md §2): the image host's folder, what is published, and the tools to change it. */
export function AdminGalleryScreen(props: ManagerProps) {
  useAdminTitle('Gallery')
  const settings = useQuery(gallerySettingsQuery())
  if (settings.error) return <p className="rounded-lg bg-red-50 p-4 text-red-800">{settings.error.message}</p>
  if (!settings.data) return <Skeleton className="h-64" />
  return (
    <GalleryManager
      key={props.folder ?? ''}
      {...props}
      defaultFolder={settings.data.defaultFolder}
      store={settings.data.store}
    />
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
  const ai = useGalleryAi((image, metadata) => gallery.applyMetadata(image, metadata), gallery.notify)
  const [folderInput, setFolderInput] = useState(folder)
  const [view, setView] = useState<'grid' | 'list'>('grid')
  const [preview, setPreview] = useState<ManagedImage | null>(null)
  const [editing, setEditing] = useState<ManagedImage | null>(null)
  const selectedImages = gallery.images.filter((i) => gallery.selected.has(i.public_id))
  const offer = gallery.placeOffer

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Gallery</h1>
          <p className="text-gray-600">
            Photos in {store === 'cloudinary' ? 'your Cloudinary folder' : 'the server’s image folder'}; publish the
            ones visitors should see.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="View" className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
            {(['grid', 'list'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => setView(mode)}
                className={cx(
                  'rounded-md px-3 py-1.5 text-sm capitalize',
                  view === mode ? 'bg-teal-700 text-white' : 'text-gray-700',
                )}
              >
                {mode}
              </button>
            ))}
          </div>
          <Button variant="secondary" onClick={() => void gallery.reload('refresh')} disabled={gallery.loading}>
            Refresh
          </Button>
          <UploadButton folder={folder} onUploaded={gallery.added} onNotice={gallery.notify} />
        </div>
      </header>

      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          const target = folderInput.trim() || defaultFolder
          // Another folder is another manager (keyed by folder): fresh selection and notices.
          if (target === folder) void gallery.reload('load')
          else onFolder(target === defaultFolder ? undefined : target)
        }}
      >
        <label htmlFor="gallery-folder" className="text-sm font-medium text-gray-700">
          Folder
        </label>
        <input
          id="gallery-folder"
          value={folderInput}
          onChange={(e) => setFolderInput(e.target.value)}
          className="w-72 rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
        <Button type="submit" variant="secondary" disabled={gallery.loading}>
          Load
        </Button>
      </form>

      {gallery.notice && (
        <Toast tone={gallery.notice.kind} data-testid="gallery-notice">
          {gallery.notice.text}
        </Toast>
      )}
      {offer && (
        <PhotoPlaceOffer
          suggestion={offer.suggestion}
          onDismiss={gallery.dismissPlaceOffer}
          onAccept={() => {
            const { image, suggestion } = offer
            gallery.dismissPlaceOffer()
            void gallery.setPlace(image, {
              latitude: suggestion.latitude,
              longitude: suggestion.longitude,
              country_code: suggestion.place?.country_code ?? null,
              ...(suggestion.place ? { location: placeLabel(suggestion.place) } : {}),
              taken_at: suggestion.taken_at,
            })
          }}
        />
      )}

      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm">
        <span className="mr-2 text-gray-600">{gallery.selected.size} selected</span>
        <Button size="sm" variant="ghost" onClick={gallery.selectAll} disabled={gallery.images.length === 0}>
          Select all
        </Button>
        <Button size="sm" variant="ghost" onClick={gallery.clearSelection} disabled={gallery.selected.size === 0}>
          Clear
        </Button>
        <Button size="sm" onClick={() => void gallery.publish(selectedImages, false)}>
          Publish to Gallery
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void gallery.unpublish(
              selectedImages.map((i) => i.public_id),
              false,
            )
          }
        >
          Unpublish selected
        </Button>
      </div>

      {gallery.loading ? (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[4/3]" />
            </li>
          ))}
        </ul>
      ) : gallery.images.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-10 text-center text-gray-500">
          No images in {folder} yet. Upload one to start.
        </p>
      ) : (
        <ul
          className={
            view === 'grid' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4' : 'space-y-2'
          }
        >
          {gallery.images.map((image) => (
            <GalleryImageCard
              key={image.public_id}
              image={image}
              view={view}
              selected={gallery.selected.has(image.public_id)}
              busy={gallery.busy.has(image.public_id)}
              aiBusy={ai.pending.has(image.public_id)}
              actions={{
                onToggle: () => gallery.toggle(image.public_id),
                onPreview: () => setPreview(image),
                onPublish: () => void gallery.publish([image], true),
                onUnpublish: () => void gallery.unpublish([image.public_id], true),
                onDelete: () => void gallery.remove(image),
                onAi: () => void ai.generate(image),
                onEdit: () => setEditing(image),
              }}
            />
          ))}
        </ul>
      )}

      {gallery.next && !gallery.loading && (
        <div className="text-center">
          <Button variant="secondary" onClick={gallery.loadMore} disabled={gallery.loadingMore}>
            {gallery.loadingMore ? 'Loading…' : 'Load more'}
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
              if (place) await gallery.setPlace(editing, place)
              await gallery.editDetails(editing, metadata)
            })()
          }}
        />
      )}
    </div>
  )
}
