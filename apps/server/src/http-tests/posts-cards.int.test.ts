import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures, readingStories } from '../testing/reading-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await createReadingFixtures(server.app.deps.prisma, readingStories)
})
afterAll(() => server.close())

const cards = async (input: Record<string, unknown> = {}) => {
  const res = await server.app.inject({
    method: 'GET',
    url: `/trpc/posts.cards?input=${encodeURIComponent(JSON.stringify(input))}`,
  })
  return { status: res.statusCode, body: res.json() }
}
const slugsOf = (data: { cards: { slug: string }[] }) => data.cards.map((c) => c.slug)

const cardFields = [
  'category_color',
  'category_name',
  'created_at',
  'excerpt',
  'featured_image',
  'featured_image_alt',
  'id',
  'location_country',
  'location_name',
  'published_at',
  'reading_time',
  'slug',
  'title',
]

describe('posts.cards (the blog list procedure)', () => {
  it("returns a page of card fields only (no body), newest first, with the chips' counts", async () => {
    const { status, body } = await cards()
    expect(status).toBe(200)
    const data = body.result.data
    expect(slugsOf(data)).toEqual(['annapurna-circuit', 'el-nido', 'sahara-night', 'packing-light'])
    for (const card of data.cards) expect(Object.keys(card).sort()).toEqual(cardFields)
    expect(data.pagination).toEqual({ page: 1, limit: 12, total: 4, pages: 1 })
    expect(data.published_total).toBe(4)
    expect(data.categories.map((c: { name: string; post_count: number }) => [c.name, c.post_count])).toEqual([
      ['Adventure Travel', 2],
      ['Beach Destinations', 1],
      ['Tech', 0],
    ])
  })

  it('pages with cursor (the page number, as tRPC infinite queries send it) and limit; a page past the end is empty but still counts', async () => {
    const second = (await cards({ limit: 3, cursor: 2 })).body.result.data
    expect(slugsOf(second)).toEqual(['packing-light'])
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 })
    const past = (await cards({ limit: 3, cursor: 5 })).body.result.data
    expect(past.cards).toEqual([])
    expect(past.pagination).toEqual({ page: 5, limit: 3, total: 4, pages: 2 })
  })

  it('keeps the documented search: case-insensitive on title, excerpt, location name, location country and category name', async () => {
    expect(slugsOf((await cards({ search: 'APURN' })).body.result.data)).toEqual(['annapurna-circuit'])
    expect(slugsOf((await cards({ search: 'lagoons' })).body.result.data)).toEqual(['el-nido'])
    expect(slugsOf((await cards({ search: 'erg chebbi' })).body.result.data)).toEqual(['sahara-night'])
    expect(slugsOf((await cards({ search: 'philipp' })).body.result.data)).toEqual(['el-nido'])
    expect(slugsOf((await cards({ search: 'beach dest' })).body.result.data)).toEqual(['el-nido'])
    const hikes = (await cards({ search: 'hikes' })).body.result.data
    expect(slugsOf(hikes)).toEqual(['annapurna-circuit', 'el-nido'])
    expect(hikes.pagination.total).toBe(2)
    expect(hikes.published_total).toBe(4)
  })

  it('filters by category slug or name, also together with a search', async () => {
    expect(slugsOf((await cards({ category: 'adventure-travel' })).body.result.data)).toEqual([
      'annapurna-circuit',
      'sahara-night',
    ])
    expect(slugsOf((await cards({ category: 'Adventure Travel', search: 'night' })).body.result.data)).toEqual([
      'sahara-night',
    ])
    const none = (await cards({ category: 'tech' })).body.result.data
    expect(none).toMatchObject({ cards: [], pagination: { total: 0, pages: 1 } })
  })

  it('bounds the page size and refuses bad input with 400', async () => {
    for (const input of [{ limit: 0 }, { cursor: 0 }, { search: 'x'.repeat(201) }, { cursor: 1.5 }]) {
      expect((await cards(input)).status, JSON.stringify(input)).toBe(400)
    }
    // The input policy: a page size beyond the maximum is served at the maximum, never refused.
    expect((await cards({ limit: 49 })).status).toBe(200)
  })
})
