import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/prisma/client'
import { lockDataDir } from './data-dir-lock'
import { DurableNodeFS, durableStartParams, securePrivateTree } from './durable-fs'
import { emptyClusterArchive, initdbOptions } from './empty-cluster'
import { applyPendingMigrations, resolveMigrationsDir, type SqlConnection } from './migrator'
import { restoreSql, RestoreError } from './sql-dump'
import { analyzeGrownTables, vacuumDeadRows } from './statistics'

/** Extensions the migrations create: pg_trgm answers the blog search's substring match from an index. */
export const PGLITE_EXTENSIONS = { pg_trgm }

export { PrismaClient, Prisma } from './generated/prisma/client'
export type * from './generated/prisma/models'
export { PostStatus, CommentStatus } from './generated/prisma/enums'
export { DataDirLockedError, dataDirHolder } from './data-dir-lock'
export { durabilityStats, securePrivateTree } from './durable-fs'
export { MigrationError, applyPendingMigrations, resolveMigrationsDir, type SqlConnection } from './migrator'
export { dumpSql, foldEnumValues, restoreSql, RestoreError } from './sql-dump'

export type DatabaseKind = 'pglite' | 'postgresql'

export interface DatabaseOptions {
  /** postgresql://… to use a server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined
  /** Where PGlite keeps its files; 'memory://' for a throwaway in-memory database. */
  dataDir: string
  migrationsDir?: string
  /**
   * Test support: an in-memory embedded database starts as a copy of this data directory (PGlite's
   * `dumpDataDir`, see `migratedPgliteTemplate` in ./testing) instead of an empty one made by initdb.
   */
  pgliteTemplate?: Blob | undefined
}

export interface Database {
  prisma: PrismaClient
  kind: DatabaseKind
  appliedMigrations: string[]
  /**
   * Runs `read` on one consistent snapshot of the whole database (backups): a REPEATABLE READ transaction on
   * PostgreSQL while writes go on; on PGlite, its exclusive transaction (writes wait the few moments it takes).
   */
  snapshot<T>(read: (db: SqlConnection) => Promise<T>): Promise<T>
  /**
   * Calls `onNotify` with the payload whenever anyone on this database runs `notify(channel, payload)`, this
   * process or another
   * (PostgreSQL LISTEN/NOTIFY; on PGlite, within the one process that holds it). On PostgreSQL the listening
   * connection is reopened when it drops, with `onConnection(false)` while it is down and `onConnection(true)`
   * once it listens again. Resolves once listening, with the function that stops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>
  notify(channel: string, payload?: string): Promise<void>
  /**
   * Makes the planner's statistics again where they are missing or old (statistics.ts): on PGlite, which has no
   * autovacuum, the tables analysed; on PostgreSQL nothing, autovacuum does it.
   */
  refreshStatistics(): Promise<string[]>
  /**
   * Vacuums the tables with many dead rows (statistics.ts): on PGlite, which has no autovacuum, the tables
   * vacuumed; on PostgreSQL nothing, autovacuum does it.
   */
  vacuum(): Promise<string[]>
  close(): Promise<void>
}

export interface ListenHandlers {
  onNotify(payload: string): void
  onConnection?(up: boolean): void
}

const RELISTEN_AFTER_MS = 1_000

/** Opens the database, applies pending migrations, and returns a Prisma client on it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? resolveMigrationsDir()
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsDir)
    : openPglite(options.dataDir, migrationsDir, options.pgliteTemplate)
}

/** Whether an on-disk embedded data directory already holds a database (false for a new or in-memory one). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))
}

/** A new on-disk cluster: unpacked from the one the build made when there is one, else made by initdb. */
function newClusterOptions(): { loadDataDir: Blob } | typeof initdbOptions {
  const archive = emptyClusterArchive()
  return archive ? { loadDataDir: archive } : initdbOptions
}

async function openPglite(dataDir: string, migrationsDir: string, template?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const unlock = inMemory ? () => {} : lockDataDir(dataDir)
  try {
    const pgliteDir = inMemory ? dataDir : path.join(dataDir, 'pglite')
    if (!inMemory) mkdirSync(pgliteDir, { recursive: true, mode: 0o700 })
    // On disk: fsync on, through a file system that really syncs (an acknowledged write survives a crash), files private.
    const fresh = !inMemory && !hasEmbeddedDatabase(dataDir)
    const pglite = inMemory
      ? await PGlite.create({
          dataDir: pgliteDir,
          extensions: PGLITE_EXTENSIONS,
          ...(template ? { loadDataDir: template } : {}),
        })
      : await PGlite.create({
          fs: new DurableNodeFS(pgliteDir),
          startParams: durableStartParams(),
          extensions: PGLITE_EXTENSIONS,
          ...(fresh ? newClusterOptions() : {}),
        })
    if (!inMemory) {
      securePrivateTree(dataDir)
      if (fresh) securePrivateTree(pgliteDir, true)
    }
    const appliedMigrations = await applyPendingMigrations(pglite, migrationsDir)
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) })
    return {
      prisma,
      kind: 'pglite',
      appliedMigrations,
      snapshot: (read) =>
        pglite.transaction((tx) =>
          read({ query: (sql, params) => tx.query(sql, params), exec: (sql) => tx.exec(sql) }),
        ),
      listen: (channel, handlers) => pglite.listen(channel, (payload) => handlers.onNotify(payload)),
      notify: (channel, payload) => notifyThrough(prisma, channel, payload),
      refreshStatistics: () => analyzeGrownTables(prisma),
      vacuum: () => vacuumDeadRows(prisma),
      async close() {
        await prisma.$disconnect()
        await pglite.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

/** A dedicated connection running `work` in one transaction opened with `begin`. */
export async function withPostgres<T>(url: string, begin: string, work: (db: SqlConnection) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(begin)
    const result = await work({
      async query<R>(sql: string, params?: unknown[]) {
        return { rows: (await client.query(sql, params)).rows as R[] }
      },
      exec: (sql) => client.query(sql),
    })
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    await client.end()
  }
}

/**
 * Restores a dump (`dumpSql`) into an empty target: a new embedded database in `dataDir`, or the empty
 * PostgreSQL database of `databaseUrl`. All or nothing: one transaction.
 */
export async function restoreDatabase(
  options: DatabaseOptions,
  lines: AsyncIterable<string>,
): Promise<{ tables: Record<string, number> }> {
  if (options.databaseUrl) return withPostgres(options.databaseUrl, 'BEGIN', (db) => restoreSql(db, lines))
  const pgliteDir = path.join(options.dataDir, 'pglite')
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new RestoreError(
      `${path.resolve(pgliteDir)} already holds a database: restore only into an empty data directory`,
    )
  }
  const unlock = lockDataDir(options.dataDir)
  try {
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 })
    const pglite = await PGlite.create({
      fs: new DurableNodeFS(pgliteDir),
      startParams: durableStartParams(),
      extensions: PGLITE_EXTENSIONS,
      ...newClusterOptions(),
    })
    let restored = false
    try {
      const result = await pglite.transaction((tx) =>
        restoreSql({ query: (sql, params) => tx.query(sql, params), exec: (sql) => tx.exec(sql) }, lines),
      )
      restored = true
      return result
    } finally {
      await pglite.close()
      // A failed restore leaves the directory as empty as it found it.
      if (restored) securePrivateTree(options.dataDir, true)
      else rmSync(pgliteDir, { recursive: true, force: true })
    }
  } finally {
    unlock()
  }
}

// Any constant works; it only has to be the same for every Wayfarer process sharing a server.
const MIGRATION_LOCK_KEY = 7_290_118

async function openPostgres(url: string, migrationsDir: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  let appliedMigrations: string[]
  try {
    // Two instances booting together must not both run the same migration.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    appliedMigrations = await applyPendingMigrations(
      {
        async query<T>(sql: string, params?: unknown[]) {
          return { rows: (await client.query(sql, params)).rows as T[] }
        },
        exec: (sql) => client.query(sql),
      },
      migrationsDir,
    )
  } finally {
    await client.end()
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) })
  return {
    prisma,
    kind: 'postgresql',
    appliedMigrations,
    snapshot: (read) => withPostgres(url, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', read),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    notify: (channel, payload) => notifyThrough(prisma, channel, payload),
    refreshStatistics: async () => [],
    vacuum: async () => [],
    close: () => prisma.$disconnect(),
  }
}

async function notifyThrough(prisma: PrismaClient, channel: string, payload = ''): Promise<void> {
  // $executeRaw: pg_notify returns void, which a query's result cannot carry.
  await prisma.$executeRaw`SELECT pg_notify(${channel}, ${payload})`
}

/** LISTEN on a connection of its own (a pooled one would lose it), reopened after a drop until stopped. */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const open = async () => {
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    const lost = () => {
      if (current !== client) return
      current = undefined
      client.end().catch(() => {})
      if (stopped) return
      handlers.onConnection?.(false)
      reopenLater()
    }
    client.on('error', lost)
    client.on('end', lost)
    try {
      await client.connect()
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    current = client
  }
  const reopenLater = () => {
    retry = setTimeout(() => {
      if (stopped) return
      open().then(() => handlers.onConnection?.(true), reopenLater)
    }, RELISTEN_AFTER_MS)
    retry.unref()
  }

  await open()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = undefined
    await client?.end()
  }
}
