import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { foldEnumValues } from './sql-dump'
import {
  dumpSql,
  openDatabase,
  resolveMigrationsDir,
  restoreDatabase,
  type Database,
  type DatabaseOptions,
} from './index'
import { createEmptyDatabase, fillLinkedContent, openTestPglite } from './testing'

const serverUrl = process.env.TEST_DATABASE_URL
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('foldEnumValues', () => {
  it('folds each ADD VALUE into the CREATE TYPE above it, where BEFORE/AFTER place it', () => {
    const sql = [
      `CREATE TYPE "PostStatus" AS ENUM ('draft', 'published', 'archived');`,
      `CREATE TABLE t (s "PostStatus");`,
      `ALTER TYPE "PostStatus" ADD VALUE 'scheduled';`,
      `ALTER TYPE public."PostStatus" ADD VALUE IF NOT EXISTS 'review' BEFORE 'published';`,
      `ALTER TYPE "PostStatus" ADD VALUE IF NOT EXISTS 'draft';`,
      `ALTER TYPE "Other" ADD VALUE 'x';`,
    ].join('\n')
    const folded = foldEnumValues(sql)
    expect(folded).toContain(
      `CREATE TYPE "PostStatus" AS ENUM ('draft', 'review', 'published', 'archived', 'scheduled');`,
    )
    expect(folded).not.toMatch(/ALTER TYPE (public\.)?"PostStatus"/)
    expect(folded).toContain(`ALTER TYPE "Other" ADD VALUE 'x';`) // created elsewhere: left as written
    expect(folded).toContain('CREATE TABLE t (s "PostStatus");')
  })
})

async function sourceDatabase(kind: 'embedded' | 'postgresql'): Promise<Database> {
  if (kind === 'embedded') return openTestPglite()
  const empty = await createEmptyDatabase(serverUrl!, 'wf_tb_dump')
  cleanups.push(() => empty.drop())
  return openDatabase({ databaseUrl: empty.url, dataDir: 'memory://' })
}

async function targetOptions(kind: 'embedded' | 'postgresql'): Promise<DatabaseOptions> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-dump-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  if (kind === 'embedded') return { dataDir }
  const empty = await createEmptyDatabase(serverUrl!, 'wf_tb_restore')
  cleanups.push(() => empty.drop())
  return { dataDir, databaseUrl: empty.url }
}

async function dump(db: Database): Promise<string> {
  let sql = ''
  await db.snapshot((tx) => dumpSql(tx, resolveMigrationsDir(), (chunk) => void (sql += chunk)))
  return sql
}

async function* linesOf(sql: string) {
  yield* sql.split('\n')
}

async function expectRestored(db: Database) {
  const scheduled = await db.prisma.post.findUniqueOrThrow({ where: { slug: 'later' } })
  expect(scheduled.status).toBe('scheduled')
  const trip = await db.prisma.trip.findUniqueOrThrow({
    where: { slug: 'nepal' },
    include: { cover: true, posts: true, photos: true },
  })
  expect(trip.cover?.publicId).toBe('trips/cover')
  expect(trip.photos.map((p) => p.publicId)).toEqual(['trips/cover'])
  expect(trip.posts.map((p) => p.slug)).toEqual(['day-one'])
  // The keys dropped for the load are back: a cover that is no photo is refused.
  await expect(db.prisma.trip.update({ where: { id: trip.id }, data: { coverImageId: 999_999 } })).rejects.toThrow()
}

const kinds = serverUrl ? (['embedded', 'postgresql'] as const) : (['embedded'] as const)
const paths = kinds.flatMap((from) => kinds.map((to) => [from, to] as const))

describe('a dump with a scheduled story and a trip restores in one transaction', () => {
  it.each(paths)(
    '%s → %s',
    async (from, to) => {
      const source = await sourceDatabase(from)
      cleanups.push(() => source.close())
      await fillLinkedContent(source)
      const sql = await dump(source)
      const target = await targetOptions(to)
      await restoreDatabase(target, linesOf(sql))
      const restored = await openDatabase(target)
      cleanups.push(() => restored.close())
      expect(restored.appliedMigrations).toEqual([])
      await expectRestored(restored)
    },
    120_000,
  )

  // The README offers `psql -f database.sql` into an empty database; with -1 (one transaction) it must work too.
  if (serverUrl)
    it.each(kinds)(
      'psql -1 -f restores a dump from %s',
      async (from) => {
        const source = await sourceDatabase(from)
        cleanups.push(() => source.close())
        await fillLinkedContent(source)
        const file = path.join(mkdtempSync(path.join(tmpdir(), 'wf-dump-')), 'database.sql')
        cleanups.push(() => rmSync(path.dirname(file), { recursive: true, force: true }))
        writeFileSync(file, await dump(source))
        const target = await targetOptions('postgresql')
        const psql = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-1', '-f', file, target.databaseUrl!], {
          encoding: 'utf8',
        })
        expect(psql.stderr).toBe('')
        expect(psql.status).toBe(0)
        const restored = await openDatabase(target)
        cleanups.push(() => restored.close())
        await expectRestored(restored)
      },
      120_000,
    )
})
