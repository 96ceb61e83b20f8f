import { router } from '../trpc'

export const commentsRouter = router({})
