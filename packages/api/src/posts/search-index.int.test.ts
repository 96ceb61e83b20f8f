import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@wayfarer/db/testing'
import type { Database } from '@wayfarer/db'
import type { Remember } from '../deps'
import { PostSearchIndex } from './search-index'
import { BatchedViewCounter } from './view-counter'

// The blog search's index (docs/product.md, "Blog"; how it stays current: search-index.ts). The HTTP tests
// (posts-search.int.test.ts) cover ranking, accents and two servers; these cover what the index itself keeps:
// the words of 3,000 stories, and every kind of change the triggers report.

let database: Database
let authorId: number
const island = (i: number) => i % 200 === 0

beforeAll(async () => {
  database = await createTestDatabase()
  const { prisma } = database
  authorId = (await prisma.user.create({ data: { email: 'search@example.com', passwordHash: 'x' } })).id
  // 3,000 stories, 15 of them about an island.
  await prisma.post.createMany({
    data: Array.from({ length: 3000 }, (_, i) => ({
      slug: `story-${i}`,
      title: island(i) ? `Island hopping in El Nido ${i}` : `Lisbon by tram ${i}`,
      excerpt: `Notes from day ${i}.`,
      content: `<p>Day ${i} of the journey${i === 7 ? ', with a ferry to Ometepe' : ''}.</p>`,
      status: 'published' as const,
      publishedAt: new Date(Date.UTC(2024, 0, 1 + (i % 300))),
      authorId,
      locationName: island(i) ? 'El Nido' : 'Lisbon',
    })),
  })
})
afterAll(() => database.close())

const total = async (index: PostSearchIndex, search: string, category?: string) =>
  (await index.search(search, category)).total

/** Every window of a search's matches is that slice of them all (a window is found by a walk that stops early). */
async function expectWindows(index: PostSearchIndex, search: string): Promise<void> {
  const all = await index.search(search)
  expect(all.ids).toHaveLength(all.total)
  for (const [offset, limit] of [
    [0, 6],
    [6, 6],
    [3, 40],
    [1, 400],
    [2980, 50],
    [2990, 6],
    [14, 3],
    [0, 5000],
  ] as const) {
    const window = await index.search(search, undefined, { offset, limit })
    expect(window, `${search} [${offset}, ${offset + limit})`).toEqual({
      ids: all.ids.slice(offset, offset + limit),
      offset,
      total: all.total,
    })
  }
}

describe('the blog search index', () => {
  it('finds what docs/product.md says it finds: words, prefixes, fragments inside words, the text', async () => {
    const index = new PostSearchIndex(database.prisma)
    expect(await total(index, 'island')).toBe(15)
    expect(await total(index, 'isla')).toBe(15)
    expect(await total(index, 'slan')).toBe(15)
    expect(await total(index, 'el nido')).toBe(15)
    expect(await total(index, 'lisbon trams')).toBe(2985)
    expect(await total(index, 'ometepe')).toBe(1)
    expect(await total(index, 'nowhere at all')).toBe(0)
    // A text of more than one run of letters and digits is looked for as typed: across two words, with a dot.
    expect(await total(index, 'sbon by')).toBe(2985)
    expect(await total(index, 'y 7')).toBe(111)
    expect(await total(index, 'y 7.')).toBe(1)
    expect(await total(index, '.')).toBe(3000)
    // A one-letter search is a fragment of nearly everything.
    expect(await total(index, 'z')).toBe(0)
    expect(await total(index, 'n')).toBe(3000)
  })

  it('gives any window of its matches as that slice of them all: best first, then newest, then by id', async () => {
    const { prisma } = database
    // Thirty day trips with "Lisbon" and "day" only in their text: the text tier of those words.
    await prisma.post.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        slug: `porto-walk-${i}`,
        title: `Porto walk ${i}`,
        content: '<p>A day trip from Lisbon.</p>',
        status: 'published' as const,
        publishedAt: new Date(Date.UTC(2024, 0, 1 + ((i * 37) % 300))),
        authorId,
      })),
    })
    // Eleven stories with every word of "temples temple" in the title and none with the text: equal scores, where
    // the ten older ones are the text's candidates (a word holding "temples") and the newest is not.
    await prisma.post.createMany({
      data: [
        ...Array.from({ length: 10 }, (_, i) => ({
          slug: `temple-older-${i}`,
          title: `Temples at dawn ${i}`,
          publishedAt: new Date(Date.UTC(2023, 0, 1 + i)),
        })),
        { slug: 'temple-newer', title: 'A temple', publishedAt: new Date(Date.UTC(2025, 0, 1)) },
      ].map((p) => ({ ...p, status: 'published' as const, authorId })),
    })
    try {
      const index = new PostSearchIndex(prisma)
      const temples = await index.search('temples temple', undefined, { offset: 0, limit: 1 })
      const newer = await prisma.post.findUniqueOrThrow({ where: { slug: 'temple-newer' } })
      expect(temples).toEqual({ ids: [newer.id], offset: 0, total: 11 })
      // Equal scores and equal dates (a day in 300 repeats ten times), field matches of several weights, both
      // tiers ("lisbon", "day"), the text tier alone ("journey"), and the typed text in the title.
      const searches = ['lisbon', 'day', 'journey', 'island notes', 'isla', 'tram 12', 'el nido', 'nido 1']
      for (const search of [...searches, 'temples temple']) await expectWindows(index, search)
      // What that order is, from the rows: the excerpt's matches (one score) newest first, ties by id, then the text's.
      const day = await index.search('day')
      expect(day.total).toBe(3030)
      const rows = await prisma.post.findMany({ where: { id: { in: day.ids } } })
      const row = new Map(rows.map((p) => [p.id, p]))
      const newest = (ids: number[]) =>
        [...ids].sort((a, b) => row.get(b)!.publishedAt!.getTime() - row.get(a)!.publishedAt!.getTime() || b - a)
      expect(day.ids.slice(0, 3000)).toEqual(newest(day.ids.slice(0, 3000)))
      expect(day.ids.slice(3000).map((id) => row.get(id)!.slug)).toEqual(
        newest(day.ids.slice(3000)).map((id) => row.get(id)!.slug),
      )
      expect(day.ids.slice(3000).every((id) => row.get(id)!.slug.startsWith('porto-walk-'))).toBe(true)
      // Stories written again after newer ones take slots out of the date order (one in seven edited, and a
      // story dated in the past): the same windows.
      await prisma.$executeRaw`UPDATE "posts" SET "excerpt" = "excerpt" || ' again' WHERE "id" % 7 = 0`
      await prisma.post.create({
        data: {
          slug: 'temple-lisbon-past',
          title: 'Lisbon temple',
          excerpt: 'Notes from an old day.',
          status: 'published',
          publishedAt: new Date(Date.UTC(2023, 5, 1)),
          authorId,
        },
      })
      for (const search of searches) await expectWindows(index, search)
    } finally {
      await prisma.post.deleteMany({
        where: { OR: [{ slug: { startsWith: 'porto-walk-' } }, { slug: { startsWith: 'temple-' } }] },
      })
    }
  })

  it('asks the database once for the new words of every search that arrives at the same moment', async () => {
    let statements = 0
    const prisma = database.prisma
    const counted = new Proxy(prisma, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key)
        if (key !== '$queryRaw' || typeof value !== 'function') return value
        return (...args: unknown[]) => {
          statements++
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
    // What the server's public-read cache does between writes: the index looks for changes once.
    const kept = new Map<string, Promise<unknown>>()
    const remember: Remember = <T>(key: string, compute: () => Promise<T>) => {
      if (!kept.has(key)) kept.set(key, compute())
      return kept.get(key) as Promise<T>
    }
    const index = new PostSearchIndex(counted, remember)
    await index.search('lisbon')
    statements = 0
    const found = await Promise.all(['island', 'tram', 'ometepe', 'notes', 'nowhere'].map((w) => index.search(w)))
    expect(found.map((f) => f.total)).toEqual([15, 2985, 1, 3000, 0])
    expect(statements).toBe(1)
    // Words it knows cost no statement at all.
    await index.search('island tram')
    expect(statements).toBe(1)
  })

  it('sees every change at its next search: new, edited, unpublished, deleted, moved to a category, renamed category', async () => {
    const { prisma } = database
    const index = new PostSearchIndex(prisma)
    expect(await total(index, 'volcano')).toBe(0)
    const created = await prisma.post.create({
      data: { slug: 'volcano', title: 'A volcano at dawn', status: 'published', publishedAt: new Date(), authorId },
    })
    expect((await index.search('volcano')).ids).toEqual([created.id])
    await prisma.post.update({ where: { id: created.id }, data: { title: 'A crater at dawn' } })
    expect(await total(index, 'volcano')).toBe(0)
    expect(await total(index, 'crater')).toBe(1)
    await prisma.post.update({ where: { id: created.id }, data: { status: 'draft' } })
    expect(await total(index, 'crater')).toBe(0)
    await prisma.post.update({ where: { id: created.id }, data: { status: 'published' } })
    expect(await total(index, 'crater')).toBe(1)

    const category = await prisma.category.create({ data: { name: 'Volcanoes', slug: 'volcanoes' } })
    await prisma.post.update({ where: { id: created.id }, data: { categoryId: category.id } })
    expect(await total(index, 'crater', 'volcanoes')).toBe(1)
    expect(await total(index, 'volcanoes')).toBe(1)
    await prisma.category.update({ where: { id: category.id }, data: { name: 'Fire Mountains' } })
    expect(await total(index, 'volcanoes')).toBe(0)
    expect(await total(index, 'fire mountain')).toBe(1)
    expect(await total(index, 'crater', 'Fire Mountains')).toBe(1)

    await prisma.post.delete({ where: { id: created.id } })
    expect(await total(index, 'crater')).toBe(0)
  })

  it('is not told of a write the search does not read: a batch of view counts', async () => {
    const { prisma } = database
    const post = await prisma.post.findFirstOrThrow({ where: { slug: 'story-1' } })
    const version = () => prisma.$queryRaw<{ xid: string }[]>`
      SELECT "xid"::text AS "xid" FROM "post_search_versions" WHERE "post_id" = ${post.id}`
    const before = await version()
    const views = new BatchedViewCounter(prisma, { flushEveryMs: 60_000 })
    for (let i = 0; i < 5; i++) views.count(post.id)
    await views.flush()
    expect(views.pending(post.id)).toBe(0)
    expect(await version()).toEqual(before)
    await prisma.post.update({ where: { id: post.id }, data: { excerpt: 'Notes, rewritten.' } })
    expect(await version()).not.toEqual(before)
  })

  it('stays right after most of its entries were replaced (its posting lists are compacted)', async () => {
    const { prisma } = database
    const index = new PostSearchIndex(prisma)
    expect(await total(index, 'lisbon')).toBe(2985)
    // Three rewrites of every story: the replaced entries outnumber the live ones twice over.
    for (const word of ['porto', 'braga', 'faro']) {
      await prisma.$executeRaw`UPDATE "posts" SET "title" = replace(replace(replace(replace("title",
        'Lisbon', ${word}), 'porto', ${word}), 'braga', ${word}), 'faro', ${word})`
      expect(await total(index, word)).toBe(2985)
      // The replaced entries are not counted, compacted away or not yet.
      expect(await total(index, 'lisbon')).toBe(2985)
    }
    expect(await total(index, 'lisbon')).toBe(2985) // still the place
    expect(await total(index, 'porto')).toBe(0)
    expect(await total(index, 'island')).toBe(15)
    expect(await total(index, 'ometepe')).toBe(1)
    // Compaction numbered the stories by date again.
    for (const search of ['faro', 'day', 'journey']) await expectWindows(index, search)
  })

  it('sees a write whose transaction began before a later one that ended first (PostgreSQL)', async () => {
    if (!process.env.TEST_DATABASE_URL) return // the embedded database runs one transaction at a time
    const { prisma } = database
    const index = new PostSearchIndex(prisma)
    const [first, second] = await prisma.post.findMany({
      where: { slug: { in: ['story-2', 'story-3'] } },
      orderBy: { id: 'asc' },
    })
    let written = () => {}
    const wrote = new Promise<void>((resolve) => (written = resolve))
    let finish = () => {}
    const finishing = new Promise<void>((resolve) => (finish = resolve))
    const slow = prisma.$transaction(async (tx) => {
      await tx.post.update({ where: { id: first!.id }, data: { title: 'Slowpoke' } })
      written()
      await finishing
    })
    await wrote
    await index.search('anything')
    await prisma.post.update({ where: { id: second!.id }, data: { title: 'Quickstep' } })
    expect((await index.search('quickstep')).ids).toEqual([second!.id])
    finish()
    await slow
    expect((await index.search('slowpoke')).ids).toEqual([first!.id])
  })
})
