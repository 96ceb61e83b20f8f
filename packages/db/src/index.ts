import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from './generated/prisma/client'
import { lockDataDir } from './data-dir-lock'
import { applyPendingMigrations, resolveMigrationsDir } from './migrator'

export { PrismaClient, Prisma } from './generated/prisma/client'
export type * from './generated/prisma/models'
export { PostStatus, CommentStatus } from './generated/prisma/enums'
export { DataDirLockedError } from './data-dir-lock'
export { MigrationError, applyPendingMigrations, resolveMigrationsDir } from './migrator'

export type DatabaseKind = 'pglite' | 'postgresql'

export interface DatabaseOptions {
  /** postgresql://… to use a server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined
  /** Where PGlite keeps its files; 'memory://' for a throwaway in-memory database. */
  dataDir: string
  migrationsDir?: string
}

export interface Database {
  prisma: PrismaClient
  kind: DatabaseKind
  appliedMigrations: string[]
  close(): Promise<void>
}

/** Opens the database, applies pending migrations, and returns a Prisma client on it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? resolveMigrationsDir()
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsDir)
    : openPglite(options.dataDir, migrationsDir)
}

async function openPglite(dataDir: string, migrationsDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const unlock = inMemory ? () => {} : lockDataDir(dataDir)
  try {
    const pgliteDir = inMemory ? dataDir : path.join(dataDir, 'pglite')
    if (!inMemory) mkdirSync(pgliteDir, { recursive: true })
    const pglite = await PGlite.create(pgliteDir)
    const appliedMigrations = await applyPendingMigrations(pglite, migrationsDir)
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) })
    return {
      prisma,
      kind: 'pglite',
      appliedMigrations,
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
    close: () => prisma.$disconnect(),
  }
}
