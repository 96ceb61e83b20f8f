import { router } from '../trpc'

export const taxonomyRouter = router({})
