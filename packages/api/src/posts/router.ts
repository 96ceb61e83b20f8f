import { router } from '../trpc'

export const postsRouter = router({})
