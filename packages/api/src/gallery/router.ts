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
    .input(publicGalleryInput)
    .output(z.array(galleryPhoto))
    .query(({ ctx, input }) => listPublishedPhotos(ctx.deps, input.limit)),
  bodyPhotos: publicProcedure
    .input(bodyPhotosInput)
    .output(z.array(bodyPhoto))
    .query(({ ctx, input }) => pickBodyPhotos(ctx.deps, input.use, input.limit)),
  hostImages: adminProcedure
    .input(hostImagesInput)
    .output(hostImagesOutput)
    .query(({ ctx, input }) => listHostImages(ctx.deps, input)),
  published: adminProcedure
    .input(publishedRecordsInput)
    .output(z.array(publishedRecord))
    .query(({ ctx, input }) => listPublishedRecords(ctx.deps, input.limit)),
  publish: adminProcedure
    .input(publishInput)
    .output(z.array(publishedRecord))
    .mutation(({ ctx, input }) => publishImages(ctx.deps, input.images)),
  unpublish: adminProcedure
    .input(unpublishInput)
    .output(unpublishOutput)
    .mutation(({ ctx, input }) => unpublishImages(ctx.deps, input.public_ids)),
  delete: adminProcedure
    .input(deleteImageInput)
    .output(deleteImageOutput)
    .mutation(({ ctx, input }) => deleteImage(ctx.deps, input.public_id, input.alsoCloudinary)),
  /** The AI button: title, caption, location and tags written from the photo itself (multimodal Gemini). */
  aiMetadata: adminProcedure
    .input(describePhotoInput)
    .output(galleryMetadata)
    .mutation(({ ctx, input }) => describePhoto(ctx.deps, input, generateText)),
  upload: adminProcedure
    .input(uploadImageInput)
    .output(hostImage.extend({ place_suggestion: photoPlaceSuggestion.nullable() }))
    .mutation(({ ctx, input }) => uploadImage(ctx.deps, input)),
})
