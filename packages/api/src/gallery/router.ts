import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { generateText } from '../ai/service'
import { describePhoto } from './ai-service'
import { photoPlaceSuggestion } from '../places/schema'
import {
  bodyPhoto,
  bodyPhotosInput,
  deleteImageInput,
  deleteImageOutput,
  describePhotoInput,
  galleryMetadata,
  galleryPhoto,
  hostImage,
  hostImagesInput,
  hostImagesOutput,
  publicGalleryInput,
  publishedRecord,
  publishedRecordsInput,
  publishInput,
  unpublishInput,
  unpublishOutput,
  uploadImageInput,
} from './schema'
import {
  deleteImage,
  listHostImages,
  listPublishedPhotos,
  listPublishedRecords,
  pickBodyPhotos,
  publishImages,
  unpublishImages,
  uploadImage,
} from './service'

export const galleryRouter = router({
  /** What the manager opens with: the configured default folder and which store is behind it. */
  settings: adminProcedure
    .output(z.object({ defaultFolder: z.string(), store: z.enum(['cloudinary', 'local']) }))
    .query(({ ctx }) => ({ defaultFolder: ctx.deps.galleryFolder, store: ctx.deps.imageStore.kind })),
  list: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/gallery',
        summary: 'Published gallery photos',
        aliases: { maxImages: 'limit' },
      },
    })
    .input(publicGalleryInput)
    .output(z.array(galleryPhoto))
    .query(({ ctx, input }) => listPublishedPhotos(ctx.deps, input.limit)),
  bodyPhotos: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/gallery/body-photos', summary: 'Photos for the page backgrounds and hero' },
    })
    .input(bodyPhotosInput)
    .output(z.array(bodyPhoto))
    .query(({ ctx, input }) => pickBodyPhotos(ctx.deps, input.use, input.limit)),
  hostImages: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/gallery/cloudinary',
        summary: 'Images in the image store, a page at a time',
        data: 'images',
        pagination: ['next', 'folder'],
        aliases: { next: 'cursor' },
      },
    })
    .input(hostImagesInput)
    .output(hostImagesOutput)
    .query(({ ctx, input }) => listHostImages(ctx.deps, input)),
  published: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/gallery/admin', summary: 'Published gallery records for the owner' } })
    .input(publishedRecordsInput)
    .output(z.array(publishedRecord))
    .query(({ ctx, input }) => listPublishedRecords(ctx.deps, input.limit)),
  publish: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/gallery/publish', summary: 'Publish photos to the gallery' } })
    .input(publishInput)
    .output(z.array(publishedRecord))
    .mutation(({ ctx, input }) => publishImages(ctx.deps, input.images)),
  unpublish: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/gallery/unpublish', summary: 'Take photos off the gallery' } })
    .input(unpublishInput)
    .output(unpublishOutput)
    .mutation(({ ctx, input }) => unpublishImages(ctx.deps, input.public_ids)),
  delete: adminProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/gallery/delete',
        summary: 'Delete a photo (and optionally its stored image)',
      },
    })
    .input(deleteImageInput)
    .output(deleteImageOutput)
    .mutation(({ ctx, input }) => deleteImage(ctx.deps, input.public_id, input.alsoCloudinary)),
  /** The AI button: title, caption, location and tags written from the photo itself (multimodal Gemini). */
  aiMetadata: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/gallery/ai-metadata',
        summary: 'AI title, caption, place and tags for a photo',
      },
    })
    .input(describePhotoInput)
    .output(galleryMetadata)
    .mutation(({ ctx, input }) => describePhoto(ctx.deps, input, generateText)),
  upload: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/gallery/upload',
        summary: 'Upload a photo to the image store',
        upload: { field: 'image', input: 'file', filename: 'filename' },
      },
    })
    .input(uploadImageInput)
    .output(hostImage.extend({ place_suggestion: photoPlaceSuggestion.nullable() }))
    .mutation(({ ctx, input }) => uploadImage(ctx.deps, input)),
})
