import { router } from '../trpc'

export const galleryRouter = router({})
