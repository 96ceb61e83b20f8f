import { adminProcedure, router } from '../trpc'
import { dashboardStats } from './schema'
import { dashboardStatsOf } from './service'

export const dashboardRouter = router({
  stats: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/admin/stats', summary: 'Dashboard figures' } })
    .output(dashboardStats)
    .query(({ ctx }) => dashboardStatsOf(ctx.deps)),
})
