import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { applyPendingMigrations, resolveMigrationsDir } from './migrator'
import { openDatabase, PGLITE_EXTENSIONS, type Database } from './index'

// Every test that needs a database starts from a migrated copy of one template instead of creating and
// migrating its own: an embedded database's initdb alone costs a few CPU seconds, replayed for every test server
// of every test file; a copy of the template's data directory costs a fraction of that. The migrations still run
// in full, once, to build the template (and migrator.int.test.ts checks them on a database of its own).

/** Identifies the migrations (names and SQL) and the engine's version: a template is reused only when both match. */
function templateKey(): string {
  const dir = resolveMigrationsDir()
  // The package's pinned dependencies stand for the engine's version (a new PGlite may lay out its files otherwise).
  const hash = createHash('sha256').update(readFileSync(new URL('../package.json', import.meta.url)))
  const migrations = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())
  for (const name of migrations.map((e) => e.name).sort()) {
    hash.update(name)
    hash.update(readFileSync(path.join(dir, name, 'migration.sql')))
  }
  return hash.digest('hex').slice(0, 16)
}

let pgliteTemplate: Promise<Blob> | undefined

/**
 * The data directory of a migrated, empty embedded database (PGlite's `dumpDataDir`), made once per machine and set
 * of migrations in the system's temporary folder (written under a temporary name and renamed, so a test file
 * running beside another reads a whole one or makes its own) and kept in memory for the rest of the process.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(tmpdir(), `wayfarer-pglite-template-${templateKey()}.tar`)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const pglite = await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS })
    try {
      await applyPendingMigrations(pglite, resolveMigrationsDir())
      const dump = await pglite.dumpDataDir('none')
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
      return dump
    } finally {
      await pglite.close()
    }
  })()
  return pgliteTemplate
}

/** A fresh, migrated in-memory embedded database: a copy of the template. */
export async function openTestPglite(): Promise<Database> {
  return openDatabase({ dataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() })
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it again. */
export async function createEmptyDatabase(
  serverUrl: string,
  prefix = 'wayfarer_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

// Any constant works; it only has to be the same for every test process building the template.
const TEMPLATE_LOCK_KEY = 7_290_119
const postgresTemplates = new Map<string, Promise<string>>()

/**
 * The name of a migrated, empty database on the PostgreSQL server of `serverUrl` to copy test databases from
 * (`CREATE DATABASE … TEMPLATE`), made once per server and set of migrations: under an advisory lock, built under
 * a temporary name and renamed when complete, so no process copies a half-migrated one. Nobody stays connected to
 * it (PostgreSQL refuses to copy a database in use).
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl)
  if (!template) {
    template = buildPostgresTemplate(serverUrl)
    postgresTemplates.set(serverUrl, template)
  }
  return template
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `wayfarer_template_${templateKey()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount) return name
    const building = `${name}_building`
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
    await admin.query(`CREATE DATABASE "${building}"`)
    const migrating = new pg.Client({ connectionString: databaseUrl(serverUrl, building) })
    await migrating.connect()
    try {
      await applyPendingMigrations(
        {
          async query<T>(sql: string, params?: unknown[]) {
            return { rows: (await migrating.query(sql, params)).rows as T[] }
          },
          exec: (sql) => migrating.query(sql),
        },
        resolveMigrationsDir(),
      )
    } finally {
      await migrating.end()
    }
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
    return name
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {})
    await admin.end()
  }
}

/** A new, migrated database on the PostgreSQL server of `serverUrl` (a copy of the template); `drop` removes it. */
export async function createMigratedDatabase(
  serverUrl: string,
  prefix = 'wayfarer_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  return createEmptyDatabase(serverUrl, prefix, await migratedPostgresTemplate(serverUrl))
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set —
 * a new database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openTestPglite()
  const fresh = await createMigratedDatabase(serverUrl)
  const db = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' })
  return {
    ...db,
    async close() {
      await db.close()
      await fresh.drop()
    },
  }
}

/**
 * Test content whose tables point at each other, which a dump or backup must restore in a working order: a
 * scheduled story, and a published trip whose cover is a photo in it, with a story of its own.
 */
export async function fillLinkedContent(db: Database): Promise<void> {
  const { prisma } = db
  const author = await prisma.user.create({ data: { email: 'owner@example.com', passwordHash: 'x' } })
  await prisma.post.create({
    data: {
      slug: 'later',
      title: 'Later',
      status: 'scheduled',
      publishedAt: new Date('2099-01-01T08:00:00Z'),
      authorId: author.id,
    },
  })
  const trip = await prisma.trip.create({
    data: { slug: 'nepal', title: 'Nepal', startDate: new Date('2026-03-01'), timeZone: 'Asia/Kathmandu' },
  })
  const photo = await prisma.galleryImage.create({
    data: { publicId: 'trips/cover', url: '/media/trips/cover.jpg', tripId: trip.id },
  })
  await prisma.trip.update({ where: { id: trip.id }, data: { coverImageId: photo.id, status: 'published' } })
  await prisma.post.create({
    data: { slug: 'day-one', title: 'Day one', status: 'published', authorId: author.id, tripId: trip.id },
  })
}
