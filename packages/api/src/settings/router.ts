import { router } from '../trpc'

export const settingsRouter = router({})
