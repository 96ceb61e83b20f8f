import type { BodyPhotoUse, PublishImage } from '@wayfarer/api/schemas'
import { numberParam, type RestRoute } from './route'

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : [])
const flag = (value: unknown): boolean => value === true || value === 'true' || value === '1'

/** SPEC.md §7 gallery calls. Public: the published photos and body photos; the rest needs the owner's token. */
export const galleryRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/gallery',
    handle: async (api, req) => ({ data: await api.gallery.list({ limit: numberParam(req.query.limit ?? req.query.maxImages) }) }),
  },
  {
    method: 'GET',
    url: '/api/gallery/body-photos',
    handle: async (api, req) => ({
      data: await api.gallery.bodyPhotos({
        limit: numberParam(req.query.limit),
        // The procedure's schema rejects anything but the three uses.
        use: (req.query.use || undefined) as BodyPhotoUse | undefined,
      }),
    }),
  },
  {
    method: 'GET',
    url: '/api/gallery/cloudinary',
    handle: async (api, req) => {
      const page = await api.gallery.hostImages({
        limit: numberParam(req.query.limit),
        folder: req.query.folder || undefined,
        next: req.query.next || undefined,
      })
      return { data: page.images, pagination: { next: page.next, folder: page.folder } }
    },
  },
  {
    method: 'GET',
    url: '/api/gallery/admin',
    handle: async (api, req) => ({ data: await api.gallery.published({ limit: numberParam(req.query.limit) }) }),
  },
  {
    method: 'POST',
    url: '/api/gallery/publish',
    handle: async (api, req) => ({ data: await api.gallery.publish({ images: (Array.isArray(req.body.images) ? req.body.images : []) as PublishImage[] }) }),
  },
  {
    method: 'POST',
    url: '/api/gallery/unpublish',
    handle: async (api, req) => ({ data: await api.gallery.unpublish({ public_ids: list(req.body.public_ids) }) }),
  },
  {
    method: 'POST',
    url: '/api/gallery/upload',
    multipart: true,
    handle: async (api, req) => ({
      data: await api.gallery.upload({ folder: req.query.folder || undefined, file: req.file?.data, filename: req.file?.filename }),
    }),
  },
  {
    // Not in SPEC.md §7 (there the browser calls ai/generate and cleans the answer itself): this path sends the
    // photo to Gemini too, and answers with cleaned metadata.
    method: 'POST',
    url: '/api/gallery/ai-metadata',
    handle: async (api, req) => ({
      data: await api.gallery.aiMetadata({
        public_id: String(req.body.public_id ?? ''),
        ...(typeof req.body.title === 'string' ? { title: req.body.title } : {}),
        ...(typeof req.body.caption === 'string' ? { caption: req.body.caption } : {}),
        ...(typeof req.body.location === 'string' ? { location: req.body.location } : {}),
        ...(Array.isArray(req.body.tags) ? { tags: req.body.tags.map(String) } : {}),
      }),
    }),
  },
  {
    method: 'DELETE',
    url: '/api/gallery/delete',
    handle: async (api, req) => ({
      data: await api.gallery.delete({
        public_id: String(req.body.public_id ?? req.query.public_id ?? ''),
        alsoCloudinary: flag(req.body.alsoCloudinary ?? req.query.alsoCloudinary),
      }),
    }),
  },
]
