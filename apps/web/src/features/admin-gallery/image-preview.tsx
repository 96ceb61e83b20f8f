import { useEffect } from 'react'
import type { ManagedImage } from './use-admin-gallery'

/** Full-size preview over the manager; Escape, the backdrop or the button closes it. */
export function ImagePreview({ image, onClose }: { image: ManagedImage; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div role="dialog" aria-modal="true" aria-label="Image preview" className="fixed inset-0 z-50 flex items-center justify-center bg-black/85 p-4" onClick={onClose}>
      <figure className="max-h-full max-w-5xl" onClick={(e) => e.stopPropagation()}>
        <img src={image.url} alt={image.title || image.public_id} width={image.width} height={image.height} className="max-h-[80vh] w-auto object-contain" />
        <figcaption className="mt-3 text-sm text-white">
          <strong>{image.title || image.public_id}</strong>
          {image.location && <span className="text-white/70"> · {image.location}</span>}
          <span className="ml-2 text-white/60">
            {image.width}×{image.height} {image.format}
          </span>
        </figcaption>
      </figure>
      <button type="button" onClick={onClose} aria-label="Close preview" className="absolute right-4 top-4 rounded-full bg-white/15 px-3 py-1 text-2xl text-white hover:bg-white/30">
        ×
      </button>
    </div>
  )
}
