import { useEffect, useRef } from 'react'
import type { GalleryPhoto } from '@wayfarer/api/schemas'

interface LightboxProps {
  photos: GalleryPhoto[]
  index: number
  onIndex: (index: number) => void
  onClose: () => void
}

// A horizontal swipe longer than this (in CSS pixels) turns the page; shorter ones are taps or wobbles.
const SWIPE_PX = 50

/** The full-size viewer: previous/next/close, 'n / total', arrow keys and Escape, swipe on touch screens. */
export function Lightbox({ photos, index, onIndex, onClose }: LightboxProps) {
  const photo = photos[index]
  const touchStart = useRef<number | null>(null)
  const step = (delta: number) => onIndex((index + delta + photos.length) % photos.length)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
      else if (e.key === 'ArrowLeft') onIndex((index - 1 + photos.length) % photos.length)
      else if (e.key === 'ArrowRight') onIndex((index + 1) % photos.length)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [index, photos.length, onIndex, onClose])

  // The page behind stays put while the viewer is open.
  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [])

  if (!photo) return null
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={photo.title || 'Photo'}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-black/90 p-4"
      onClick={onClose}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX ?? null
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current
        const end = e.changedTouches[0]?.clientX
        touchStart.current = null
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return
        step(end < start ? 1 : -1)
      }}
    >
      <figure className="flex max-h-full max-w-6xl flex-col items-center" onClick={(e) => e.stopPropagation()}>
        <img
          key={photo.id}
          src={photo.cloudinary_url}
          srcSet={photo.srcset}
          sizes="100vw"
          width={photo.width}
          height={photo.height}
          alt={photo.title}
          className="max-h-[78vh] w-auto object-contain"
        />
        <figcaption className="mt-4 text-center text-white">
          <p className="text-lg font-semibold" data-testid="lightbox-title">
            {photo.title}
          </p>
          {photo.location && <p className="text-sm text-white/70">{photo.location}</p>}
          {photo.caption && <p className="mt-1 text-sm text-white/80">{photo.caption}</p>}
        </figcaption>
      </figure>
      <p className="absolute left-1/2 top-4 -translate-x-1/2 text-sm text-white/80" data-testid="lightbox-counter">
        {index + 1} / {photos.length}
      </p>
      <button type="button" aria-label="Close" onClick={onClose} className="absolute right-4 top-4 rounded-full bg-white/10 px-3 py-1 text-2xl text-white hover:bg-white/25">
        ×
      </button>
      {photos.length > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            onClick={(e) => {
              e.stopPropagation()
              step(-1)
            }}
            className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 px-4 py-3 text-3xl text-white hover:bg-white/25 sm:left-6"
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next photo"
            onClick={(e) => {
              e.stopPropagation()
              step(1)
            }}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 px-4 py-3 text-3xl text-white hover:bg-white/25 sm:right-6"
          >
            ›
          </button>
        </>
      )}
    </div>
  )
}
