import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './testing'
import { createReadingFixtures } from './reading-fixtures'

// Issue 10, acceptance 5: public reads come from the cache, and every admin write is visible on the next one.
// (The scheduler publishing through the cache: scheduled-publishing.int.test.ts, with the cache on, reads before and after the moment.)
let server: TestServer
let auth: { authorization: string }
let postId: number

beforeAll(async () => {
  server = await startTestServer({ config: { publicCache: true } })
  await createReadingFixtures(server.database.prisma, [{ slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', daysAgo: 2 }])
  postId = (await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'el-nido' } })).id
  auth = { authorization: `Bearer ${await server.ownerToken()}` }
})
afterAll(() => server.close())

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers })
const titles = async () => ((await get('/api/posts')).json() as { data: { title: string }[] }).data.map((p) => p.title)
const cards = async () => {
  const res = await get(`/trpc/posts.cards?input=${encodeURIComponent('{}')}`)
  return (res.json() as { result: { data: { cards: { title: string }[] } } }).result.data.cards.map((c) => c.title)
}

describe('public-read cache', () => {
  it('answers a repeated public read from memory, with an ETag that earns a 304', async () => {
    const first = await get('/api/posts?limit=6')
    const second = await get('/api/posts?limit=6')
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT'])
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toBe(first.headers['content-type'])
    expect(second.headers['cache-control']).toBe('public, no-cache')
    const etag = String(second.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const revalidated = await get('/api/posts?limit=6', { 'if-none-match': etag })
    expect([revalidated.statusCode, revalidated.body]).toEqual([304, ''])
  })

  it('never keeps a call that carries a session, nor the read by slug that counts a view', async () => {
    await get('/api/posts', auth)
    expect((await get('/api/posts', auth)).headers['x-cache']).toBeUndefined()
    await get('/api/posts/slug/el-nido')
    expect((await get('/api/posts/slug/el-nido')).headers['x-cache']).toBeUndefined()
  })

  it('shows every admin write on the next public read: publish, edit, unpublish, delete', async () => {
    expect(await titles()).toEqual(['Island Hopping in El Nido'])
    expect(await cards()).toEqual(['Island Hopping in El Nido'])
    const created = await server.app.inject({ method: 'POST', url: '/api/posts', headers: auth, payload: { title: 'Fresh Story', content: '<p>New.</p>', excerpt: '', status: 'published' } })
    const id = (created.json() as { data: { id: number } }).data.id
    expect(await titles()).toContain('Fresh Story')
    expect(await cards()).toContain('Fresh Story')

    await server.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: auth, payload: { title: 'Fresh Story, Edited', content: '<p>New.</p>', excerpt: '', status: 'published' } })
    expect(await titles()).toContain('Fresh Story, Edited')
    await server.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: auth, payload: { title: 'Fresh Story, Edited', content: '<p>New.</p>', excerpt: '', status: 'draft' } })
    expect(await titles()).not.toContain('Fresh Story, Edited')
    await server.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: auth })
    expect(await titles()).toEqual(['Island Hopping in El Nido'])
  })

  it('shows a moderated comment and a published photo on the next public read', async () => {
    const comments = async () => ((await get(`/api/comments/post/${postId}`)).json() as { data: { comments: { content: string }[] } }).data.comments.map((c) => c.content)
    expect(await comments()).toEqual([])
    await server.app.inject({
      method: 'POST',
      url: '/api/comments/submit',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { post_id: postId, author_name: 'Ana', author_email: 'ana@example.com', content: 'What a wonderful island story!' },
    })
    const pending = await server.database.prisma.comment.findFirstOrThrow()
    expect(await comments()).toEqual([])
    await server.app.inject({ method: 'POST', url: '/api/comments/moderate', headers: auth, payload: { comment_id: pending.id, action: 'approve' } })
    expect(await comments()).toEqual(['What a wonderful island story!'])

    const photos = async () => ((await get('/api/gallery')).json() as { data: unknown[] }).data.length
    const before = await photos()
    const published = await server.app.inject({
      method: 'POST',
      url: '/api/gallery/publish',
      headers: auth,
      payload: { images: [{ public_id: 'wayfarer/cache-test', url: '/media/gallery/cache-test.webp', title: 'Cache test', width: 10, height: 10 }] },
    })
    expect(published.statusCode).toBe(200)
    expect(await photos()).toBe(before + 1)
  })
})
