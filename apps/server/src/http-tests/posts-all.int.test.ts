import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'

// The REST list without a limit (every published story with its body) is written batch by batch as it is read,
// never built whole: these stories span several of its batches (500 stories each).
let server: TestServer
const STORIES = 1_234
const MOUNTAINS = 640

beforeAll(async () => {
  server = await startTestServer({ config: { publicCache: true } })
  const prisma = server.database.prisma
  const author = await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  const hiking = await prisma.category.create({ data: { name: 'Hiking', slug: 'hiking' } })
  const start = Date.UTC(2020, 0, 1)
  await prisma.post.createMany({
    data: Array.from({ length: STORIES }, (_, i) => ({
      slug: `story-${i}`,
      title: `Story ${i}`,
      excerpt: '',
      // Every other story of the first MOUNTAINS is about mountains (the search's matches span two batches too).
      content: `<p>${i < MOUNTAINS ? 'A ridge walk in the mountains' : 'A quiet beach'}, "day" ${i}.</p>`,
      status: 'published',
      // Two stories on each date: the order within a date is by id, newest first.
      publishedAt: new Date(start + Math.floor(i / 2) * 86_400_000),
      authorId: author.id,
      categoryId: i % 3 === 0 ? hiking.id : null,
    })),
  })
  await prisma.post.create({
    data: { slug: 'a-draft', title: 'A Draft', excerpt: '', content: '<p>No.</p>', authorId: author.id },
  })
})
afterAll(() => server.close())

interface Listed {
  id: number
  slug: string
  content: string
  published_at: string
}
const list = async (url: string, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method: 'GET', url, headers })
  return { res, body: res.json() as { success: boolean; data: Listed[]; pagination: unknown } }
}

/** Every page of the paged list with bodies, joined: what the whole list must equal. */
async function pagesJoined(query: string): Promise<Listed[]> {
  const all: Listed[] = []
  for (let page = 1; ; page++) {
    const { body } = await list(`/api/posts?limit=100&include=content&page=${page}${query}`)
    all.push(...body.data)
    if (body.data.length < 100) return all
  }
}

describe('GET /api/posts without a limit, over several batches', () => {
  it('is every published story with its body, newest first, the pages joined, then the pagination', async () => {
    const { res, body } = await list('/api/posts')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(body.success).toBe(true)
    expect(body.data).toHaveLength(STORIES)
    expect(body.data[0]!.slug).toBe(`story-${STORIES - 1}`)
    expect(body.data.at(-1)!.slug).toBe('story-0')
    expect(body.data.map((p) => p.slug)).not.toContain('a-draft')
    expect(new Set(body.data.map((p) => p.id)).size).toBe(STORIES)
    expect(body.data[7]!.content).toMatch(/^<p>A quiet beach, "day" \d+\.<\/p>$/)
    expect(body.data).toEqual(await pagesJoined(''))
    expect(body.pagination).toEqual({ page: 1, limit: STORIES, total: STORIES, pages: 1 })
    expect(Object.keys(body)).toEqual(['success', 'data', 'pagination'])
  })

  it("filters by category and search the same way, each match once, in the paged list's order", async () => {
    const hiking = await list('/api/posts?category=hiking')
    expect(hiking.body.data).toHaveLength(Math.ceil(STORIES / 3))
    expect(hiking.body.data).toEqual(await pagesJoined('&category=hiking'))
    const mountains = await list('/api/posts?search=mountains')
    expect(mountains.body.data).toHaveLength(MOUNTAINS)
    expect(mountains.body.data).toEqual(await pagesJoined('&search=mountains'))
    expect(mountains.body.pagination).toEqual({ page: 1, limit: MOUNTAINS, total: MOUNTAINS, pages: 1 })
    const none = await list('/api/posts?search=volcano')
    expect([none.res.statusCode, none.res.body]).toEqual([
      200,
      '{"success":true,"data":[],"pagination":{"page":1,"limit":1,"total":0,"pages":1}}',
    ])
  })

  it('is compressed as it is written, and never kept whole in the public-read cache', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/posts', headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    const plain = (await list('/api/posts')).res
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body)
    expect(plain.headers['x-cache']).toBeUndefined()
  })

  it('refuses a bad input with the usual answer before writing anything', async () => {
    const res = await server.app.inject(`/api/posts?search=${'x'.repeat(201)}`)
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { success: false, error: 'search must be at most 200 characters' },
    ])
  })
})
