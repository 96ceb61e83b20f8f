import { router } from '../trpc'

export const dashboardRouter = router({})
