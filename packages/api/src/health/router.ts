import { z } from 'zod'
import { publicProcedure, router } from '../trpc'

export const healthOutput = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgresql']) })

export const healthRouter = router({
  check: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/health', summary: 'Service and database status' } })
    .output(healthOutput)
    .query(async ({ ctx }) => {
      await ctx.deps.prisma.$queryRaw`SELECT 1`
      return { status: 'ok' as const, database: ctx.deps.databaseKind }
    }),
})
