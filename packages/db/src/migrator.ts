import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The little a migration run needs from a connection: PGlite and node-postgres both fit. */
export interface SqlConnection {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/**
 * Finds prisma/migrations next to this package's source, or `migrations/` next to the bundled server
 * (the server build copies it there).
 */
export function resolveMigrationsDir(): string {
  const candidates = [new URL('./migrations', import.meta.url), new URL('../prisma/migrations', import.meta.url)]
  for (const candidate of candidates) {
    const dir = fileURLToPath(candidate)
    if (existsSync(path.join(dir, 'migration_lock.toml'))) return dir
  }
  throw new MigrationError(
    `No migrations directory found (looked in ${candidates.map((c) => fileURLToPath(c)).join(', ')})`,
  )
}

// Same table and checksum as `prisma migrate deploy`, so the Prisma CLI sees the history we wrote.
export const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

interface AppliedRow {
  migration_name: string
  finished_at: Date | null
  rolled_back_at: Date | null
}

/** Applies pending migrations in name order, each in its own transaction. Returns the names applied. */
export async function applyPendingMigrations(db: SqlConnection, migrationsDir: string): Promise<string[]> {
  await db.exec(CREATE_HISTORY)
  const { rows } = await db.query<AppliedRow>(
    'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"',
  )
  const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null)
  if (failed)
    throw new MigrationError(`Migration ${failed.migration_name} failed earlier; fix the database by hand first`)
  const done = new Set(rows.filter((r) => r.rolled_back_at === null).map((r) => r.migration_name))

  const pending = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !done.has(entry.name))
    .map((entry) => entry.name)
    .sort()
  for (const name of pending) {
    const sql = readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8')
    const checksum = createHash('sha256').update(sql).digest('hex')
    try {
      await db.exec('BEGIN')
      await db.exec(sql)
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), checksum, name],
      )
      await db.exec('COMMIT')
    } catch (error) {
      await db.exec('ROLLBACK')
      throw new MigrationError(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return pending
}
