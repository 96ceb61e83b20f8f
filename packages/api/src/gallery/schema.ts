import { z } from 'zod'
import { messages } from '../messages'
import { pageSize, text } from '../input-policy'
import { isSafeImageUrl } from '../media/image-url'

// Public shapes (id, cloudinary_url, title, location, caption, as REST callers read them), plus width/height/srcset so pages can lay out without shifting.
export const galleryPhoto = z.object({
  id: z.number(),
  cloudinary_url: z.string(),
  thumbnail_url: z.string(),
  srcset: z.string(),
  title: z.string(),
  location: z.string(),
  caption: z.string(),
  width: z.number(),
  height: z.number(),
})
export type GalleryPhoto = z.infer<typeof galleryPhoto>

export const publicGalleryInput = z.object({ limit: pageSize(100).default(24) })

/**
 * Which page a body photo is for. A published image is chosen for a use when it carries that use as a tag
 * ('hero', 'about' or 'gear'); when too few carry it, other published photos fill the rest. Order is random.
 */
export const bodyPhotoUse = z.enum(['hero', 'about', 'gear'])
export type BodyPhotoUse = z.infer<typeof bodyPhotoUse>
export const bodyPhotosInput = z.object({
  limit: pageSize(24).default(1),
  use: bodyPhotoUse.default('hero'),
})
export const bodyPhoto = z.object({ url: z.string(), title: z.string() })
export type BodyPhoto = z.infer<typeof bodyPhoto>

/** What the image host and the published record both say about a photo. */
const imageFields = {
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.string(),
  folder: z.string(),
  title: z.string(),
  caption: z.string(),
  location: z.string(),
  tags: z.array(z.string()),
}

// The image host's view; the published flag is worked out by the client.
export const hostImage = z.object({
  public_id: z.string(),
  thumbnail_url: z.string(),
  ...imageFields,
})
export type HostImage = z.infer<typeof hostImage>

/** `cursor` is the host's `next` token from the previous page (REST: `next`), the name tRPC's infinite queries use. */
export const hostImagesInput = z.object({
  folder: text('Folder').trim().max(200).optional(),
  limit: pageSize(100).default(40),
  cursor: text('Cursor').max(1000).optional(),
})
export const hostImagesOutput = z.object({
  images: z.array(hostImage),
  next: z.string().nullable(),
  folder: z.string(),
})

export const publishedRecord = z.object({
  id: z.number(),
  cloudinary_public_id: z.string(),
  is_published: z.boolean(),
  ...imageFields,
  created_at: z.string(),
})
export type PublishedRecord = z.infer<typeof publishedRecord>

export const publishedRecordsInput = z.object({ limit: pageSize(1000).default(1000) })

// Our own /media/ paths, or an absolute http(s) URL at the image host; never javascript: or data: URLs.
const imageUrl = text('Image URL')
  .trim()
  .max(2048)
  .refine(isSafeImageUrl, { message: 'Image URL must be http(s) or a path on this site' })

export const publishImage = z.object({
  public_id: text('Image id').trim().min(1).max(255),
  url: imageUrl,
  width: z.number().int().min(0).max(100_000).default(0),
  height: z.number().int().min(0).max(100_000).default(0),
  format: text('Format').max(20).default(''),
  folder: text('Folder').max(200).default(''),
  title: text('Title').max(200).default(''),
  caption: text('Caption').max(1000).default(''),
  location: text('Location').max(200).default(''),
  tags: z.array(text('Tag').max(60)).max(30).default([]),
})
export type PublishImage = z.input<typeof publishImage>

export const publishInput = z.object({
  images: z.array(publishImage).min(1, messages.gallery.selectToPublish).max(200),
})
export const unpublishInput = z.object({
  public_ids: z.array(text('Image id').min(1).max(255)).min(1, messages.gallery.selectToUnpublish).max(1000),
})
export const unpublishOutput = z.object({ unpublished: z.number() })

export const deleteImageInput = z.object({
  public_id: text('Image id').trim().min(1, messages.gallery.imageNotFound).max(255),
  /** Also remove the file at the image host, not only the gallery record. */
  alsoCloudinary: z.boolean().default(false),
})
export const deleteImageOutput = z.object({ deleted: z.literal(true), alsoCloudinary: z.boolean() })

export const uploadImageInput = z.object({
  folder: text('Folder').trim().max(200).optional(),
  /** The uploaded bytes (REST multipart field `image`); checked by content, not by name or type. */
  file: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: messages.upload.notImage }).optional(),
  filename: text('File name').max(255).optional(),
})

export const galleryMetadata = z.object({
  title: z.string(),
  caption: z.string(),
  location: z.string(),
  tags: z.array(z.string()),
})
export type GalleryMetadata = z.infer<typeof galleryMetadata>

export const describePhotoInput = z.object({
  public_id: text('Image id').trim().min(1, messages.gallery.imageNotFound).max(255),
  title: text('Title').max(200).optional(),
  caption: text('Caption').max(1000).optional(),
  location: text('Location').max(200).optional(),
  tags: z.array(text('Tag').max(60)).max(30).optional(),
})
