import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from './index'

/** A new, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it again. */
export async function createEmptyDatabase(
  serverUrl: string,
  prefix = 'wayfarer_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set —
 * a new database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' })
  const empty = await createEmptyDatabase(serverUrl)
  const db = await openDatabase({ databaseUrl: empty.url, dataDir: 'memory://' })
  return {
    ...db,
    async close() {
      await db.close()
      await empty.drop()
    },
  }
}
