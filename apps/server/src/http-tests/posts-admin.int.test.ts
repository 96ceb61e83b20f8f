import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { FAKE_GEMINI_REPLY, fakeGeminiKeys, startFakeGemini, type FakeGemini } from '@wayfarer/fakes/gemini'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'

let server: TestServer
let fake: FakeGemini
let owner: Api
let categoryId: number
let tagIds: number[]

beforeAll(async () => {
  fake = await startFakeGemini()
  server = await startTestServer({ config: { geminiBaseUrl: fake.url } })
  owner = await server.api.asOwner()
  const { prisma } = server.database
  categoryId = (
    await prisma.category.create({ data: { name: 'Beach Destinations', slug: 'beach-destinations', color: '#0EA5E9' } })
  ).id
  tagIds = await Promise.all(
    ['islands', 'food'].map(async (name) => (await prisma.tag.create({ data: { name, slug: name } })).id),
  )
})
afterAll(async () => {
  await server.close()
  await fake.close()
})

const create = (fields: object) =>
  owner.post('/api/posts', { title: 'Island Hopping', content: '<p>Turquoise water everywhere.</p>', ...fields })
const createdId = async (fields: object = {}): Promise<number> => {
  const res = await create(fields)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id
}

describe('creating and reading posts', () => {
  it('stores a draft with sanitised HTML, meta defaults, reading time, category and tags', async () => {
    const content =
      '<h2>Day one</h2><p onclick="steal()">Sand <a href="javascript:alert(1)">here</a> <a href="https://example.com">there</a></p><script>alert(1)</script>'
    const id = await createdId({
      title: 'Ten Days in the Maldives',
      content,
      excerpt: 'Sun and sand.',
      category_id: categoryId,
      tags: tagIds,
      location_name: 'Malé',
      location_country: 'Maldives',
      location_region: 'Kaafu',
      meta_keywords: ['beach', 'islands'],
    })
    const res = await owner.get(`/api/posts/admin/${id}`)
    expect(res.statusCode).toBe(200)
    const post = res.json().data
    expect(post).toMatchObject({
      id,
      slug: 'ten-days-in-the-maldives',
      status: 'draft',
      excerpt: 'Sun and sand.',
      category_id: categoryId,
      category_name: 'Beach Destinations',
      tags: [
        { id: tagIds[1], name: 'food' },
        { id: tagIds[0], name: 'islands' },
      ],
      meta_title: 'Ten Days in the Maldives',
      meta_description: 'Sun and sand.',
      meta_keywords: ['beach', 'islands'],
      location_region: 'Kaafu',
      published_at: null,
      reading_time: 1,
    })
    expect(post.content).toBe('<h2>Day one</h2><p>Sand <a>here</a> <a href="https://example.com">there</a></p>')
  })

  it('keeps explicit meta fields and sets published_at when created published', async () => {
    const id = await createdId({
      title: 'Published at once',
      status: 'published',
      meta_title: 'Custom',
      meta_description: 'Custom description',
    })
    const post = (await owner.get(`/api/posts/admin/${id}`)).json().data
    expect(post).toMatchObject({ status: 'published', meta_title: 'Custom', meta_description: 'Custom description' })
    expect(post.published_at).toEqual(expect.any(String))
  })

  it('gives every post a unique slug', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await create({ title: 'Same Title!' })).json().data.slug)
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3'])
  })

  it('keeps slugs unique when posts with one title are saved at the same moment', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => create({ title: 'Simultaneous Story' })))
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(results.map((r) => r.json().data.slug)).size).toBe(6)
  })

  it('refuses missing title or content, unknown references and unsafe image URLs', async () => {
    expect((await create({ title: '  ' })).json()).toEqual({ success: false, error: 'Title is required' })
    expect((await create({ content: '' })).json()).toEqual({ success: false, error: 'Content is required' })
    expect((await create({ content: '<script>x</script>' })).json()).toEqual({
      success: false,
      error: 'Content is required',
    })
    expect((await create({ category_id: 99999 })).statusCode).toBe(400)
    expect((await create({ tags: [99999] })).json().error).toBe('One of the chosen tags does not exist')
    expect((await create({ featured_image: 'javascript:alert(1)' })).statusCode).toBe(400)
    expect((await create({ status: 'secret' })).statusCode).toBe(400)
    expect((await owner.get('/api/posts/admin/999999')).statusCode).toBe(404)
    expect((await owner.get('/api/posts/admin/abc')).statusCode).toBe(400)
  })
})

describe('editing, publishing and deleting', () => {
  it('regenerates a draft slug on rename but keeps a published slug; publishing sets published_at once', async () => {
    const id = await createdId({ title: 'Working Title' })
    const body = { title: 'Final Title', content: '<p>Edited.</p>' }
    expect((await owner.put(`/api/posts/${id}`, body)).json().data.slug).toBe('final-title')

    const published = await owner.put(`/api/posts/${id}`, { ...body, status: 'published' })
    expect(published.statusCode).toBe(200)
    const first = (await owner.get(`/api/posts/admin/${id}`)).json().data
    expect(first.status).toBe('published')

    await owner.put(`/api/posts/${id}`, { ...body, title: 'Renamed After Publishing', status: 'draft' })
    await owner.put(`/api/posts/${id}`, { ...body, title: 'Renamed After Publishing', status: 'published' })
    const after = (await owner.get(`/api/posts/admin/${id}`)).json().data
    expect(after).toMatchObject({
      slug: 'final-title',
      title: 'Renamed After Publishing',
      published_at: first.published_at,
    })
  })

  it('keeps the status on Save Changes (no status in the body)', async () => {
    const id = await createdId({ status: 'published' })
    await owner.put(`/api/posts/${id}`, { title: 'Island Hopping', content: '<p>New words.</p>' })
    expect((await owner.get(`/api/posts/admin/${id}`)).json().data).toMatchObject({
      status: 'published',
      content: '<p>New words.</p>',
    })
  })

  it('deletes, then answers 404', async () => {
    const id = await createdId()
    expect((await owner.delete(`/api/posts/${id}`)).json()).toEqual({ success: true, data: { id } })
    expect((await owner.delete(`/api/posts/${id}`)).statusCode).toBe(404)
    expect((await owner.put(`/api/posts/${id}`, { title: 'x', content: '<p>x</p>' })).statusCode).toBe(404)
  })
})

describe('the admin list', () => {
  it('filters by status, searches, and paginates 10 per page with the documented shape', async () => {
    for (let i = 1; i <= 12; i++)
      await createdId({
        title: `Zanzibar diary ${i}`,
        excerpt: i === 5 ? 'Spice farms' : '',
        status: i % 4 === 0 ? 'published' : 'draft',
      })
    const page1 = (await owner.get('/api/posts/admin?search=zanzibar')).json()
    expect(page1.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2 })
    expect(page1.data).toHaveLength(10)
    expect(Object.keys(page1.data[0]).sort()).toEqual(
      [
        'category_color',
        'category_name',
        'comment_count',
        'excerpt',
        'first_name',
        'id',
        'last_name',
        'published_at',
        'slug',
        'status',
        'title',
        'updated_at',
        'view_count',
      ].sort(),
    )
    const page2 = (await owner.get('/api/posts/admin?search=zanzibar&page=2')).json()
    expect(page2.data).toHaveLength(2)
    expect(new Set([...page1.data, ...page2.data].map((p: { id: number }) => p.id)).size).toBe(12)

    const published = (await owner.get('/api/posts/admin?search=ZANZIBAR&status=published')).json()
    expect(published.data.map((p: { title: string }) => p.title).sort()).toEqual([
      'Zanzibar diary 12',
      'Zanzibar diary 4',
      'Zanzibar diary 8',
    ])
    expect(
      (await owner.get('/api/posts/admin?search=spice%20farms')).json().data.map((p: { title: string }) => p.title),
    ).toEqual(['Zanzibar diary 5'])
    expect((await owner.get('/api/posts/admin?search=nothing-matches-this')).json()).toMatchObject({
      data: [],
      pagination: { total: 0, pages: 0 },
    })
    expect(published.data.every((p: { published_at: string | null }) => p.published_at !== null)).toBe(true)

    // A scheduled post's row carries when it goes out.
    const at = new Date(Date.now() + 86_400_000).toISOString()
    await createdId({ title: 'Zanzibar later', status: 'scheduled', published_at: at })
    const later = (await owner.get('/api/posts/admin?search=zanzibar%20later&status=scheduled')).json()
    expect(later.data.map((p: { published_at: string }) => p.published_at)).toEqual([at])
    expect((await owner.get('/api/posts/admin?status=lost')).statusCode).toBe(400)
    expect((await owner.get('/api/posts/admin?page=0')).statusCode).toBe(400)
  })
})

describe('featured image upload', () => {
  const upload = async (id: number, bytes: Buffer, filename = 'photo.png', type = 'image/png') => {
    return owner.upload(`/api/posts/${id}/upload`, { bytes, filename, type })
  }

  it('accepts a real PNG and serves it back', async () => {
    const id = await createdId()
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const res = await upload(id, png)
    expect(res.statusCode, res.body).toBe(200)
    const { url } = res.json().data
    expect(url).toMatch(/^\/media\/posts\//)
    const served = await server.api.get(url)
    expect(served.statusCode).toBe(200)
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64)
  })

  it('refuses a script renamed .png, a missing file and a file over 10 MB', async () => {
    const id = await createdId()
    const script = await upload(id, Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png')
    expect([script.statusCode, script.json().error]).toEqual([400, 'Please select an image file'])
    const none = await owner.post(`/api/posts/${id}/upload`)
    expect(none.statusCode).toBe(400)
    const big = Buffer.alloc(10 * 1024 * 1024 + 16)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big)
    const tooLarge = await upload(id, big)
    expect([tooLarge.statusCode, tooLarge.json().error]).toEqual([413, 'Image size must be less than 10MB'])
    expect((await upload(999999, Buffer.from('x'))).statusCode).toBe(404)
  })
})

describe('AI generation for a post', () => {
  it('uses the post as context and answers content and word count', async () => {
    await owner.post('/api/settings/ai', {
      geminiApiKey: fakeGeminiKeys.good,
      enabled: true,
      model: 'gemini-1.5-flash',
      maxTokens: 2048,
    })
    const id = await createdId({ title: 'Night Market in Taipei', category_id: categoryId })
    const res = await owner.post(`/api/posts/${id}/ai/generate`, { prompt: 'Write an excerpt', type: 'excerpt' })
    expect(res.json()).toEqual({ success: true, data: { content: FAKE_GEMINI_REPLY, wordCount: 12 } })
    const sent = JSON.stringify(fake.requests.at(-1)?.body)
    expect(sent).toContain('Post title: Night Market in Taipei')
    expect(sent).toContain('Category: Beach Destinations')
    expect((await owner.post(`/api/posts/${id}/ai/generate`, { prompt: '' })).json().error).toBe(
      'Please enter a prompt',
    )
    expect((await owner.post('/api/posts/999999/ai/generate', { prompt: 'x' })).statusCode).toBe(404)
  })
})

describe('the dashboard payload', () => {
  it('counts posts, views, comments and subscribers and lists recent posts and pending comments', async () => {
    const { prisma } = server.database
    const id = await createdId({ title: 'Dashboard Story', status: 'published' })
    await prisma.postView.create({ data: { postId: id, count: 1234 } })
    await prisma.comment.createMany({
      data: [
        {
          postId: id,
          authorName: 'Ana',
          authorEmail: 'ana@example.com',
          content: 'Lovely pictures, thanks!',
          status: 'pending',
        },
        {
          postId: id,
          authorName: 'Ben',
          authorEmail: 'ben@example.com',
          content: 'Great read overall.',
          status: 'approved',
        },
      ],
    })
    // Only confirmed followers count; a pending address has not said yes yet.
    await prisma.newsletterSubscriber.createMany({
      data: [{ email: 'reader@example.com', status: 'confirmed' }, { email: 'maybe@example.com' }],
    })
    const res = await owner.get('/api/posts/admin/stats')
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    const [published, drafts] = await Promise.all([
      prisma.post.count({ where: { status: 'published' } }),
      prisma.post.count({ where: { status: 'draft' } }),
    ])
    expect(data.stats).toEqual({
      published_posts: published,
      draft_posts: drafts,
      total_views: 1234,
      approved_comments: 1,
      pending_comments: 1,
      subscribers: 1,
    })
    expect(data.recentPosts).toHaveLength(5)
    expect(data.recentPosts[0]).toEqual({
      id,
      title: 'Dashboard Story',
      updated_at: expect.any(String),
      status: 'published',
    })
    expect(data.recentComments).toEqual([
      {
        id: expect.any(Number),
        author_name: 'Ana',
        content: 'Lovely pictures, thanks!',
        created_at: expect.any(String),
        post_title: 'Dashboard Story',
      },
    ])
  })
})
