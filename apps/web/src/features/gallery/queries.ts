import { HERO_PHOTO_INPUT, type BodyPhotoUse } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'

// The /gallery grid shows 24 photos; the home page's Shuffle draws from 20.
export const GALLERY_GRID_SIZE = 24
const SHUFFLE_POOL_SIZE = 20

/** /gallery: the published photos of the grid. */
export const galleryQuery = () => trpc.gallery.list.queryOptions({ limit: GALLERY_GRID_SIZE })

/** The Home hero: one photo tagged 'hero'; a failure shows the bundled photo at once, so no retry. */
export const heroPhotoQuery = () =>
  trpc.gallery.bodyPhotos.queryOptions(HERO_PHOTO_INPUT, { staleTime: Infinity, retry: false })

/** What the hero's Shuffle button draws from. */
export const shufflePoolQuery = () =>
  trpc.gallery.list.queryOptions({ limit: SHUFFLE_POOL_SIZE }, { staleTime: 5 * 60_000, retry: false })

/** Photos for a page section (About: 2, gear: 6), chosen by their tag on the server. */
export const bodyPhotosQuery = (use: BodyPhotoUse, limit: number) =>
  trpc.gallery.bodyPhotos.queryOptions({ use, limit }, { staleTime: 5 * 60_000 })
