import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@wayfarer/db/testing'
import { Prisma, type Database } from '@wayfarer/db'
import { searchHits } from './public-search'

// The blog search must stay cheap at any size (10,000 stories in `npm run bench`, where the plan is
// printed with real timings): the full-text matches come from the stored documents' GIN indexes, and no document
// is ever computed as a filter over every published row (what an OR of full-text and ILIKE made the planner do: 0.5 s at 10,000).

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Filter?: string
  Plans?: PlanNode[]
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  const { prisma } = database
  const authorId = (await prisma.user.create({ data: { email: 'search@example.com', passwordHash: 'x' } })).id
  // 3,000 stories, 15 of them about an island: a search the indexes can narrow, as on a real site.
  const island = (i: number) => i % 200 === 0
  await prisma.post.createMany({
    data: Array.from({ length: 3000 }, (_, i) => ({
      slug: `story-${i}`,
      title: island(i) ? `Island hopping in El Nido ${i}` : `Lisbon by tram ${i}`,
      excerpt: `Notes from day ${i}.`,
      status: 'published' as const,
      publishedAt: new Date(Date.UTC(2024, 0, 1 + (i % 300))),
      authorId,
      locationName: island(i) ? 'El Nido' : 'Lisbon',
    })),
  })
  await prisma.$executeRaw`ANALYZE "posts"`
})
afterAll(() => database.close())

describe('blog search plan', () => {
  it('finds the words through the full-text index and ranks only the hits', async () => {
    const explain = Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${searchHits('island', undefined)}`
    type Plan = { 'QUERY PLAN': [{ Plan: PlanNode }] }[]
    const [row] = await database.prisma.$queryRaw<Plan>(explain)
    const nodes = nodesOf(row!['QUERY PLAN'][0].Plan)
    // The text tier reads post_search_body_matches, whose query runs with sequential scans off: planned that
    // way, it reaches the rows through the text document's GIN index and never tests a row's (detoasted)
    // document as a filter, which is what the planner chose at 10,000 stories without the setting.
    expect(nodes.some((n) => n['Node Type'] === 'Function Scan')).toBe(true)
    const [proc] = await database.prisma.$queryRaw<{ config: string[] }[]>`
      SELECT proconfig AS "config" FROM pg_proc WHERE proname = 'post_search_body_matches'`
    expect(proc?.config).toEqual(['enable_seqscan=off'])
    const [, inside] = await database.prisma.$transaction([
      database.prisma.$queryRaw`SELECT set_config('enable_seqscan', 'off', true)`,
      database.prisma.$queryRaw<Plan>`EXPLAIN (FORMAT JSON)
        SELECT "id", "published_at", "status", "category_id" FROM "posts"
        WHERE "search_body" @@ to_tsquery('english'::regconfig, 'island:*')`,
    ])
    const insideNodes = nodesOf(inside[0]!['QUERY PLAN'][0].Plan)
    expect(insideNodes.map((n) => n['Index Name'])).toContain('posts_search_body_idx')
    expect(insideNodes.filter((n) => /search_body/.test(n.Filter ?? ''))).toEqual([])
    const scansComputingDocuments = nodes.filter(
      (n) => n['Relation Name'] === 'posts' && /to_tsvector|post_search/.test(n.Filter ?? ''),
    )
    expect(scansComputingDocuments).toEqual([])
  })

  it('still finds what docs/product.md says it finds: words, prefixes and fragments inside words', async () => {
    const count = async (search: string) =>
      (await database.prisma.$queryRaw<{ total: number }[]>(searchHits(search, undefined)))[0]?.total ?? 0
    expect(await count('island')).toBe(15)
    expect(await count('isla')).toBe(15)
    expect(await count('slan')).toBe(15)
    expect(await count('el nido')).toBe(15)
    expect(await count('lisbon trams')).toBe(2985)
    expect(await count('nowhere at all')).toBe(0)
  })
})
