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
