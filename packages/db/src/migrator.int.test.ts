import { mkdirSync, mkdtempSync, writeFileSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveMigrationsDir } from './migrator'
import { createEmptyDatabase } from './testing'
import { openDatabase, type Database } from './index'

// A database of its own, migrated here from empty (the test kit's databases are copies of a migrated template).
let db: Database
let drop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL
  const empty = serverUrl ? await createEmptyDatabase(serverUrl) : undefined
  drop = empty?.drop
  db = await openDatabase({ databaseUrl: empty?.url, dataDir: 'memory://' })
})
afterAll(async () => {
  await db.close()
  await drop?.()
})

describe('migrations', () => {
  it('applies every migration once and records them like prisma migrate', async () => {
    expect(db.appliedMigrations.length).toBeGreaterThan(0)
    const rows = await db.prisma.$queryRaw<{ migration_name: string; checksum: string }[]>`
      SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`
    expect(rows.map((r) => r.migration_name)).toEqual(db.appliedMigrations)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true)
  })

  it('supports the queries the product relies on', async () => {
    const author = await db.prisma.user.create({ data: { email: 'a@example.com', passwordHash: 'x' } })
    await db.prisma.post.create({
      data: {
        slug: 'one',
        title: 'One',
        authorId: author.id,
        metaKeywords: ['a', 'b'],
        tags: { create: { tag: { create: { name: 'T', slug: 't' } } } },
      },
    })
    await expect(
      db.prisma.post.create({ data: { slug: 'one', title: 'Dup', authorId: author.id } }),
    ).rejects.toMatchObject({ code: 'P2002' })
    const found = await db.prisma.post.findFirstOrThrow({
      where: { metaKeywords: { has: 'b' } },
      include: { tags: { include: { tag: true } } },
    })
    expect(found.tags[0]?.tag.name).toBe('T')
  })
})

describe('embedded database on disk', () => {
  it('keeps data across restarts and applies a new migration at the next boot', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-pglite-'))
    const migrationsDir = path.join(dataDir, 'migrations')
    cpSync(resolveMigrationsDir(), migrationsDir, { recursive: true })

    const first = await openDatabase({ dataDir, migrationsDir })
    await first.prisma.category.create({ data: { name: 'Kept', slug: 'kept' } })
    await first.close()

    mkdirSync(path.join(migrationsDir, '99990101000000_add_note'))
    writeFileSync(
      path.join(migrationsDir, '99990101000000_add_note', 'migration.sql'),
      'ALTER TABLE "categories" ADD COLUMN "note" TEXT;',
    )
    const second = await openDatabase({ dataDir, migrationsDir })
    expect(second.appliedMigrations).toEqual(['99990101000000_add_note'])
    expect(await second.prisma.category.count()).toBe(1)
    await second.close()
  })
})
