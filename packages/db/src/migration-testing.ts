import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { resolveMigrationsDir } from './migrator'
import { createEmptyDatabase } from './testing'
import { openDatabase, type Database } from './index'

// Test support for the tests of one migration on a database that already has content: the database is opened with
// only the migrations older than it, filled by the test, then opened again with the later ones added. PGlite on
// disk (so it can be reopened) or, with TEST_DATABASE_URL, a fresh empty PostgreSQL database.

export interface MigrationStage {
  /** The folder name of the migration under test. */
  migration: string
  /** Opens the database with only the migrations older than the one under test applied. */
  openBefore(): Promise<Database>
  /**
   * Adds `names` (default: the migration under test and every later one) and opens the database again, which
   * applies them.
   */
  openAfter(names?: string[]): Promise<Database>
  /** Drops the PostgreSQL database and removes the working folder. */
  cleanup(): Promise<void>
}

/** A stage for the migration whose folder name ends with `_${suffix}`. */
export function migrationStage(suffix: string): MigrationStage {
  const source = resolveMigrationsDir()
  const migration = readdirSync(source).find((name) => name.endsWith(`_${suffix}`))
  if (!migration) throw new Error(`No migration named *_${suffix}`)
  // The migration under test and the ones after it (which may build on its columns).
  const later = readdirSync(source).filter((name) => /^\d/.test(name) && name >= migration)
  const workDir = mkdtempSync(path.join(tmpdir(), `wf-${suffix}-migration-`))
  const migrationsDir = path.join(workDir, 'migrations')
  const cleanups: (() => Promise<void>)[] = []
  let location: Promise<{ databaseUrl?: string; dataDir: string }> | undefined

  async function databaseLocation(): Promise<{ databaseUrl?: string; dataDir: string }> {
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) return { dataDir: path.join(workDir, 'data') }
    const empty = await createEmptyDatabase(serverUrl, `wayfarer_${suffix}`)
    cleanups.push(empty.drop)
    return { databaseUrl: empty.url, dataDir: 'memory://' }
  }

  return {
    migration,
    async openBefore() {
      cpSync(source, migrationsDir, { recursive: true, filter: (src) => !later.some((name) => src.includes(name)) })
      location ??= databaseLocation()
      return openDatabase({ ...(await location), migrationsDir })
    },
    async openAfter(names = later) {
      for (const name of names) cpSync(path.join(source, name), path.join(migrationsDir, name), { recursive: true })
      location ??= databaseLocation()
      return openDatabase({ ...(await location), migrationsDir })
    },
    async cleanup() {
      for (const cleanup of cleanups) await cleanup()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}
