import { adminProcedure, router } from '../trpc'
import { dashboardStats } from './schema'
import { dashboardStatsOf } from './service'

export const dashboardRouter = router({
  stats: adminProcedure.output(dashboardStats).query(({ ctx }) => dashboardStatsOf(ctx.deps)),
})
