import { useEffect, useState } from 'react'
import type { GalleryPhoto } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { staticPages } from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { useQuery } from '@tanstack/react-query'
import { galleryQuery } from './queries'
import { usePageMeta } from '../../lib/page-meta'
import { useFigures } from '../layout/use-figures'
import { Lightbox } from './lightbox'
import { PhotoImage } from './photo-image'
import { prefersReducedMotion } from '../../lib/reduced-motion'

// The featured photo changes every 5 seconds, unless paused or the visitor asked for less motion (WCAG 2.2.2).
const ROTATION_MS = 5000

/** /gallery: header stats, a rotating featured photo, the grid and the lightbox. */
export function GalleryScreen() {
  usePageMeta(staticPages.gallery.title, staticPages.gallery.description)
  const photos = useQuery(galleryQuery())
  const [open, setOpen] = useState<number | null>(null)
  const list = photos.data ?? []
  const figures = useFigures()

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-bold text-gray-900">Photo Gallery</h1>
        <p className="mx-auto mt-3 max-w-2xl text-gray-600">
          Moments from the road: mountains, coastlines, cities and the people we met along the way.
        </p>
        <dl className="mt-6 flex justify-center gap-10">
          <div>
            <dt className="text-sm text-gray-500">Photos</dt>
            <dd className="text-2xl font-bold text-teal-700">{figures.photos}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-500">Countries</dt>
            <dd className="text-2xl font-bold text-teal-700">{figures.countries}</dd>
          </div>
        </dl>
      </header>

      <QueryView
        query={photos}
        loading={
          <div className="mt-10 space-y-6" aria-busy="true">
            <Skeleton className="aspect-[21/9] w-full rounded-2xl" />
            <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
              <Skeleton count={8} className="aspect-[4/3]" />
            </div>
          </div>
        }
        failed={messages.gallery.loadImagesFailed}
        failedClassName="mt-10 rounded-lg bg-red-50 p-4 text-red-800"
        isEmpty={(list) => list.length === 0}
        empty={<p className="mt-10 text-center text-gray-500">No photos yet — check back soon.</p>}
      >
        {(list) => (
          <>
            <FeaturedPhoto photos={list} onOpen={setOpen} />
            <PhotoGrid photos={list} onOpen={setOpen} />
          </>
        )}
      </QueryView>

      {open !== null && <Lightbox photos={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  )
}

/** The grid of thumbnails; each opens the lightbox at its photo. */
function PhotoGrid({ photos, onOpen }: { photos: GalleryPhoto[]; onOpen: (index: number) => void }) {
  return (
    <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="gallery-grid">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <button
            type="button"
            onClick={() => onOpen(index)}
            className="group block w-full overflow-hidden rounded-xl text-left"
            aria-label={`Open ${photo.title || 'photo'}`}
          >
            <PhotoImage
              photo={photo}
              thumbnail
              sizes="(min-width: 1024px) 25vw, 50vw"
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          </button>
          <p className="mt-2 truncate text-sm font-medium text-gray-900">{photo.title}</p>
          {photo.location && <p className="truncate text-xs text-gray-500">{photo.location}</p>}
        </li>
      ))}
    </ul>
  )
}

function FeaturedPhoto({ photos, onOpen }: { photos: GalleryPhoto[]; onOpen: (index: number) => void }) {
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())
  useEffect(() => {
    if (photos.length < 2 || !playing) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % photos.length), ROTATION_MS)
    return () => clearInterval(timer)
  }, [photos.length, playing])
  const photo = photos[index % photos.length]
  if (!photo) return null
  return (
    <section className="relative mt-10 overflow-hidden rounded-2xl bg-gray-900" aria-label="Featured photo">
      <button
        type="button"
        onClick={() => onOpen(index % photos.length)}
        className="block w-full"
        aria-label={`Open featured photo ${photo.title}`}
      >
        <PhotoImage
          key={photo.id}
          photo={photo}
          sizes="(min-width: 1280px) 1280px, 100vw"
          className="aspect-[21/9] h-auto w-full object-cover opacity-90"
        />
      </button>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-6 text-white">
        <p className="text-2xl font-semibold" data-testid="featured-title">
          {photo.title}
        </p>
        {photo.location && <p className="text-sm text-white/80">{photo.location}</p>}
      </div>
      {photos.length > 1 && (
        <button
          type="button"
          onClick={() => setPlaying((p) => !p)}
          className="absolute right-3 top-3 min-h-6 rounded-full bg-black/60 px-3 py-1.5 text-sm font-medium text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
      )}
    </section>
  )
}
