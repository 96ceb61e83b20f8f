import type { FastifyInstance } from 'fastify'
import {
  MemoryRateLimitStore,
  PostgresRateLimitStore,
  sweepSessions,
  type AppDeps,
  type RateLimitStore,
} from '@wayfarer/api'
import type { Database } from '@wayfarer/db'

/** Rate-limit counters in memory for the single-process embedded database, in a shared table on PostgreSQL. */
export const createRateLimitStore = (database: Database): RateLimitStore =>
  database.kind === 'postgresql' ? new PostgresRateLimitStore(database.prisma) : new MemoryRateLimitStore()

const EVERY_MS = 10 * 60_000

/** Periodic clean-up, never on a request's path: ended sessions and ended rate-limit windows. */
export function startHousekeeping(app: FastifyInstance, deps: AppDeps): void {
  const run = async () => {
    try {
      const sessions = await sweepSessions(deps)
      const windows = await deps.rateLimitStore.sweep(deps.now().getTime())
      if (sessions || windows) app.log.debug({ sessions, windows }, 'swept ended sessions and rate-limit windows')
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed')
    }
  }
  const timer = setInterval(() => void run(), EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
