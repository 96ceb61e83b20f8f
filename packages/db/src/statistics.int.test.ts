import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './index'
import { createTestDatabase } from './testing'

// The planner's statistics on the embedded database, which has no autovacuum (statistics.ts).

let database: Database
let authorId: number

const addStories = (from: number, count: number) =>
  database.prisma.post.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      slug: `story-${from + i}`,
      title: `Story ${from + i}`,
      excerpt: 'A day by the sea, and the long road home after it.',
      status: 'published' as const,
      publishedAt: new Date(Date.UTC(2024, 0, 1)),
      authorId,
    })),
  })

const statistics = async () =>
  (
    await database.prisma.$queryRaw<{ reltuples: number }[]>`
      SELECT "reltuples"::float8 AS "reltuples" FROM "pg_class" WHERE "oid" = 'posts'::regclass`
  )[0]!.reltuples

beforeAll(async () => {
  database = await createTestDatabase()
  authorId = (await database.prisma.user.create({ data: { email: 'stats@example.com', passwordHash: 'x' } })).id
})
afterAll(() => database.close())

describe('refreshStatistics', () => {
  it('analyses a table once it has grown, and leaves small and unchanged ones alone', async () => {
    await addStories(0, 20)
    const small = await database.refreshStatistics()
    expect(small).not.toContain('posts')
    await addStories(20, 3_000)
    const grown = await database.refreshStatistics()
    if (database.kind === 'postgresql') {
      // A server's autovacuum does this: nothing is asked of it here.
      expect(grown).toEqual([])
      return
    }
    expect(grown).toContain('posts')
    expect(await statistics()).toBeGreaterThan(2_900)
    // Nothing grew since.
    expect(await database.refreshStatistics()).toEqual([])
    // A fifth more: the statistics are made again, and the planner reads a page of stories in id order by its index.
    await addStories(3_020, 1_000)
    expect(await database.refreshStatistics()).toContain('posts')
    expect(await statistics()).toBeGreaterThan(3_900)
    const plan = await database.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT "id" FROM "posts" WHERE "id" > 100 AND "status" = 'published' ORDER BY "id" LIMIT 500`,
    )
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('posts_pkey')
  })
})

describe('vacuum', () => {
  const deadRows = async () => {
    // PGlite, like a server, sends a statement's counts to the statistics a moment later: flush them now.
    await database.prisma.$queryRaw`SELECT pg_stat_force_next_flush()::text`
    await database.prisma.$queryRaw`SELECT 1`
    return Number(
      (
        await database.prisma.$queryRaw<{ dead: bigint }[]>`
          SELECT "n_dead_tup" AS "dead" FROM "pg_stat_user_tables" WHERE "relname" = 'posts'`
      )[0]!.dead,
    )
  }
  const size = async () =>
    Number((await database.prisma.$queryRaw<{ size: bigint }[]>`SELECT pg_relation_size('posts') AS "size"`)[0]!.size)
  const editAll = (round: number) =>
    database.prisma
      .$executeRaw`UPDATE "posts" SET "excerpt" = ${`Edited ${round}: a day by the sea, and the long road home.`}`

  it('frees the space of edited stories, once there are many, so that the table stops growing', async () => {
    const live = await database.prisma.post.count()
    // A few dead rows: below autovacuum's threshold (50 and a fifth of the live ones).
    await database.prisma
      .$executeRaw`UPDATE "posts" SET "excerpt" = 'A few.' WHERE "id" IN (SELECT "id" FROM "posts" LIMIT 40)`
    expect(await database.vacuum()).toEqual([])
    await editAll(1)
    await editAll(2)
    if (database.kind === 'postgresql') {
      expect(await database.vacuum()).toEqual([])
      return
    }
    expect(await deadRows()).toBeGreaterThan(2 * live)
    const before = await size()
    expect(await database.vacuum()).toContain('posts')
    expect(await deadRows()).toBe(0)
    // The next edits of every story reuse the freed space instead of adding a third to the file.
    await editAll(3)
    expect(await size()).toBeLessThanOrEqual(before)
    expect(await database.prisma.post.count()).toBe(live)
  })
})
