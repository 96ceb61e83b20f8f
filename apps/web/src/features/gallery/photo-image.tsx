import type { ImgHTMLAttributes } from 'react'
import type { GalleryPhoto } from '@wayfarer/api/schemas'

type PhotoImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  photo: GalleryPhoto
  /** The grid shows the small thumbnail as its first choice; the featured photo and the lightbox the full picture. */
  thumbnail?: boolean
}

/** A gallery photo with its responsive sources and intrinsic size (no layout shift); `sizes` says how wide it shows. */
export function PhotoImage({ photo, thumbnail = false, ...img }: PhotoImageProps) {
  return (
    <img
      src={thumbnail ? photo.thumbnail_url : photo.cloudinary_url}
      srcSet={photo.srcset}
      width={photo.width || 400}
      height={photo.height || 300}
      alt={photo.title}
      {...img}
    />
  )
}
