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

/**
 * Periodic clean-up, never on a request's path: ended sessions, ended rate-limit windows, and on the embedded
 * database what autovacuum does on a server: a VACUUM of tables with many dead rows, and the planner's statistics
 * of tables that grew (an import while the server runs).
 */
export function startHousekeeping(app: FastifyInstance, deps: AppDeps, database: Database): void {
  const run = async () => {
    try {
      const sessions = await sweepSessions(deps)
      const windows = await deps.rateLimitStore.sweep(deps.now().getTime())
      if (sessions || windows) app.log.debug({ sessions, windows }, 'swept ended sessions and rate-limit windows')
      const vacuumed = await database.vacuum()
      if (vacuumed.length) app.log.info({ tables: vacuumed }, 'vacuumed tables with many dead rows')
      const analysed = await database.refreshStatistics()
      if (analysed.length) app.log.info({ tables: analysed }, 'made the planner statistics of grown tables')
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed')
    }
  }
  const timer = setInterval(() => void run(), EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
