import { useEffectEvent, useLayoutEffect, useRef } from 'react'
import type { GalleryPhoto } from '@wayfarer/api/schemas'
import { Dialog, DialogTitle } from '@wayfarer/ui'
import { PhotoImage } from './photo-image'

interface LightboxProps {
  photos: GalleryPhoto[]
  index: number
  onIndex: (index: number) => void
  onClose: () => void
}

// A horizontal swipe longer than this (in CSS pixels) turns the page; shorter ones are taps or wobbles.
const SWIPE_PX = 50

const roundButton = 'pointer-events-auto absolute rounded-full bg-white/10 text-white hover:bg-white/25'

/**
 * The full-size viewer: previous/next/close, 'n / total', arrow keys, swipe on touch screens. The shared Dialog
 * handles Escape, the backdrop, focus and the scroll lock.
 */
export function Lightbox({ photos, index, onIndex, onClose }: LightboxProps) {
  const photo = photos[index]
  const touchStart = useRef<number | null>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const step = (delta: number) => onIndex((index + delta + photos.length) % photos.length)

  // One listener for the lightbox's life that always sees the index on screen: a listener re-added after each step
  // (an effect on `index`) could still hold the previous index when the next key came before the effect ran, so a
  // quick second ArrowLeft from the first photo stayed on it instead of wrapping to the last. A layout effect, like the
  // Dialog's keys: listening from the moment the lightbox is on the page, not from whenever React runs plain effects.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') step(-1)
    else if (e.key === 'ArrowRight') step(1)
  })
  useLayoutEffect(() => {
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  if (!photo) return null
  return (
    <Dialog
      onClose={onClose}
      initialFocus={closeButton}
      // Opaque on phones: the page must not show through behind the caption.
      backdropClassName="flex-col bg-black sm:bg-black/90"
      // The panel lets clicks through to the backdrop except on the photo and the controls.
      className="pointer-events-none flex max-h-full max-w-6xl flex-col items-center"
      backdropProps={{
        onTouchStart: (e) => {
          touchStart.current = e.touches[0]?.clientX ?? null
        },
        onTouchEnd: (e) => {
          const start = touchStart.current
          const end = e.changedTouches[0]?.clientX
          touchStart.current = null
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return
          step(end < start ? 1 : -1)
        },
      }}
    >
      <figure className="pointer-events-auto flex max-h-full flex-col items-center">
        <PhotoImage key={photo.id} photo={photo} sizes="100vw" className="max-h-[78vh] w-auto object-contain" />
        <figcaption className="mt-4 text-center text-white">
          <DialogTitle as="p" className="text-lg font-semibold" data-testid="lightbox-title">
            {photo.title}
            {!photo.title && <span className="sr-only">Photo</span>}
          </DialogTitle>
          {photo.location && <p className="text-sm text-white/70">{photo.location}</p>}
          {photo.caption && <p className="mt-1 text-sm text-white/80">{photo.caption}</p>}
        </figcaption>
      </figure>
      <p className="absolute left-1/2 top-4 -translate-x-1/2 text-sm text-white/80" data-testid="lightbox-counter">
        {index + 1} / {photos.length}
      </p>
      <button
        ref={closeButton}
        type="button"
        aria-label="Close"
        onClick={onClose}
        className={`${roundButton} right-4 top-4 px-3 py-1 text-2xl`}
      >
        ×
      </button>
      {photos.length > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            onClick={() => step(-1)}
            className={`${roundButton} left-2 top-1/2 -translate-y-1/2 px-4 py-3 text-3xl sm:left-6`}
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next photo"
            onClick={() => step(1)}
            className={`${roundButton} right-2 top-1/2 -translate-y-1/2 px-4 py-3 text-3xl sm:right-6`}
          >
            ›
          </button>
        </>
      )}
    </Dialog>
  )
}
