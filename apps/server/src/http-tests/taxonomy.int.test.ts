import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await createReadingFixtures(server.database.prisma, [
    { slug: 'a', title: 'A', category: 'adventure' },
    { slug: 'b', title: 'B', category: 'adventure' },
    { slug: 'c', title: 'C', category: 'beach' },
    { slug: 'd', title: 'D', category: 'beach', status: 'draft' },
    { slug: 'e', title: 'E', category: 'adventure', status: 'archived' },
  ])
})
afterAll(() => server.close())

// Each category as the answers give it, with its count of published posts: the list and the single category agree.
const category = (name: string, slug: string, color: string, post_count: number) => ({
  id: expect.any(Number),
  name,
  slug,
  color,
  description: '',
  post_count,
})
const adventure = category('Adventure Travel', 'adventure-travel', '#EA580C', 2)
const beach = category('Beach Destinations', 'beach-destinations', '#0891B2', 1)
const tech = category('Tech', 'tech', '#6B7280', 0)

describe('GET /api/categories', () => {
  it('lists categories by name with counts of published posts only, without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/categories' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: [adventure, beach, tech] })
  })

  it('is the same over tRPC', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/trpc/taxonomy.categories' })
    expect(res.json().result.data.map((c: { post_count: number }) => c.post_count)).toEqual([2, 1, 0])
  })
})

describe('GET /api/categories/{slug}', () => {
  it('answers one category with its count of published posts, without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/categories/beach-destinations' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: beach })
    const trpc = await server.app.inject({
      method: 'GET',
      url: `/trpc/taxonomy.category?input=${encodeURIComponent(JSON.stringify({ slug: 'tech' }))}`,
    })
    expect(trpc.json().result.data).toMatchObject({ slug: 'tech', post_count: 0 })
  })

  it('answers 404 for an unknown slug and 400 for a control character', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/categories/nowhere' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, error: 'Category not found' })
    const hostile = await server.app.inject({ method: 'GET', url: '/api/categories/a%00b' })
    expect(hostile.statusCode).toBe(400)
    expect(hostile.json()).toEqual({ success: false, error: 'Slug must not contain control characters' })
  })
})

describe('GET /api/tags', () => {
  it('lists tags by name', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/tags' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: ['Budget', 'Hiking', 'Islands'].map((name) => ({ id: expect.any(Number), name, slug: name.toLowerCase() })),
    })
    const trpc = await server.app.inject({ method: 'GET', url: '/trpc/taxonomy.tags' })
    expect(trpc.json().result.data).toHaveLength(3)
  })
})
