import { router } from '../trpc'

export const youtubeRouter = router({})
