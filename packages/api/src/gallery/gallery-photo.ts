import type { GalleryImageModel } from '@wayfarer/db'
import { srcsetOf, stripVersion, type ImageStore } from '../media/image-store'
import type { GalleryPhoto } from './schema'

type PhotoFields = Pick<
  GalleryImageModel,
  'id' | 'publicId' | 'url' | 'width' | 'height' | 'title' | 'location' | 'caption'
>

/** A gallery row as every public photo starts: the gallery, a trip's days and the places pages add to it. */
export function toGalleryPhoto(imageStore: ImageStore, row: PhotoFields): GalleryPhoto {
  const ref = { public_id: row.publicId, url: row.url }
  return {
    id: row.id,
    cloudinary_url: stripVersion(row.url),
    thumbnail_url: imageStore.thumbnailUrl(ref),
    srcset: srcsetOf(imageStore, { ...ref, width: row.width }),
    title: row.title,
    location: row.location,
    caption: row.caption,
    width: row.width,
    height: row.height,
  }
}
