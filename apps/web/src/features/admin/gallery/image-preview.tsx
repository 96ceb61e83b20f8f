import { useRef } from 'react'
import { Dialog, DialogTitle } from '@wayfarer/ui'
import type { ManagedImage } from './gallery-images'

/** Full-size preview over the manager; Escape, the backdrop or the button closes it (the shared Dialog). */
export function ImagePreview({ image, onClose }: { image: ManagedImage; onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null)
  return (
    <Dialog onClose={onClose} initialFocus={closeButton} className="max-h-full max-w-5xl">
      <figure>
        <img
          src={image.url}
          alt={image.title || image.public_id}
          width={image.width}
          height={image.height}
          className="max-h-[80vh] w-auto object-contain"
        />
        <figcaption className="mt-3 text-sm text-white">
          <DialogTitle as="strong">{image.title || image.public_id}</DialogTitle>
          {image.location && <span className="text-white/70"> · {image.location}</span>}
          <span className="ml-2 text-white/60">
            {image.width}×{image.height} {image.format}
          </span>
        </figcaption>
      </figure>
      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        aria-label="Close preview"
        className="absolute right-4 top-4 rounded-full bg-white/15 px-3 py-1 text-2xl text-white hover:bg-white/30"
      >
        ×
      </button>
    </Dialog>
  )
}
