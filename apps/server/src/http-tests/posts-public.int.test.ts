import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures, readingStories } from '../testing/reading-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  // Written through the server's own database client, as every writer does (post HTML is sanitised on write).
  await createReadingFixtures(server.app.deps.prisma, [
    ...readingStories,
    {
      slug: 'unsafe-body',
      title: 'A Post With Unsafe Markup',
      category: 'beach',
      daysAgo: 5,
      content:
        '<p>ok</p><script>alert(1)</script><img src="/media/x.webp" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      featuredImage: 'javascript:alert(4)',
    },
    {
      slug: 'old-archived',
      title: 'Archived Annapurna Memories',
      status: 'archived',
      category: 'adventure',
      daysAgo: 9,
    },
  ])
})
afterAll(() => server.close())

const slugsOf = (body: { data: { slug: string }[] }) => body.data.map((p) => p.slug)

const publicFields = [
  'category_color',
  'category_name',
  'content',
  'created_at',
  'excerpt',
  'featured_image',
  'featured_image_alt',
  'first_name',
  'id',
  'last_name',
  'location_city',
  'location_country',
  'location_name',
  'meta_description',
  'meta_title',
  'published_at',
  'reading_time',
  'slug',
  'tags',
  'title',
  'view_count',
]

describe('GET /api/posts', () => {
  it('leaves the bodies out of a page (limit) unless asked with include=content; the whole list keeps them', async () => {
    const page = (await server.api.get('/api/posts?limit=2')).json()
    expect(slugsOf(page)).toEqual(['annapurna-circuit', 'el-nido'])
    for (const post of page.data) expect(Object.keys(post).sort()).toEqual(publicFields.filter((f) => f !== 'content'))
    const withBodies = (await server.api.get('/api/posts?limit=2&include=content')).json()
    for (const post of withBodies.data) expect(Object.keys(post).sort()).toEqual(publicFields)
    expect(withBodies.data[0].content).toContain('<p>')
    const refused = await server.api.get('/api/posts?limit=2&include=body')
    expect([refused.statusCode, refused.json()]).toEqual([400, { success: false, error: 'include must be content' }])
  })

  it('lists every published post newest first, never drafts or archived, with the documented fields exactly', async () => {
    const res = await server.api.get('/api/posts')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(slugsOf(body)).toEqual(['annapurna-circuit', 'el-nido', 'sahara-night', 'packing-light', 'unsafe-body'])
    expect(body.pagination).toEqual({ page: 1, limit: 5, total: 5, pages: 1 })
    for (const post of body.data) expect(Object.keys(post).sort()).toEqual(publicFields)
    expect(body.data[0]).toMatchObject({
      title: 'Ten Days on the Annapurna Circuit',
      category_name: 'Adventure Travel',
      category_color: '#EA580C',
      first_name: 'Ada',
      last_name: 'Walker',
      location_name: 'Annapurna Circuit',
      location_city: 'Pokhara',
      location_country: 'Nepal',
      reading_time: 4,
      featured_image: '/media/gallery/annapurna-circuit.webp',
      featured_image_alt: 'Ten Days on the Annapurna Circuit photo',
      meta_title: 'Ten Days on the Annapurna Circuit | meta',
      view_count: 10,
      tags: [
        { id: expect.any(Number), name: 'Budget' },
        { id: expect.any(Number), name: 'Hiking' },
      ],
    })
    expect(new Date(body.data[0].published_at).toISOString()).toBe(body.data[0].published_at)
    expect(body.data[3]).toMatchObject({ slug: 'packing-light', category_name: null, category_color: null })
  })

  it('pages with limit and page', async () => {
    const first = (await server.api.get('/api/posts?limit=2')).json()
    expect(slugsOf(first)).toEqual(['annapurna-circuit', 'el-nido'])
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 })
    const third = (await server.api.get('/api/posts?limit=2&page=3')).json()
    expect(slugsOf(third)).toEqual(['unsafe-body'])
    expect(third.pagination).toEqual({ page: 3, limit: 2, total: 5, pages: 3 })
    expect((await server.api.get('/api/posts?limit=2&page=4')).json().data).toEqual([])
  })

  it('refuses malformed paging with a 400 envelope, not a 500', async () => {
    for (const query of ['limit=abc', 'limit=0', 'page=0', 'page=1.5', `search=${'x'.repeat(201)}`]) {
      const res = await server.api.get(`/api/posts?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) })
    }
    // A page size beyond the maximum is served at the maximum (a clamp, never zod's "Too big").
    expect((await server.api.get('/api/posts?limit=101')).json().pagination.limit).toBe(100)
  })

  it('filters by category slug (footer links) or exact name (chips)', async () => {
    expect(slugsOf((await server.api.get('/api/posts?category=adventure-travel')).json())).toEqual([
      'annapurna-circuit',
      'sahara-night',
    ])
    expect(slugsOf((await server.api.get('/api/posts?category=Beach%20Destinations')).json())).toEqual([
      'el-nido',
      'unsafe-body',
    ])
    expect((await server.api.get('/api/posts?category=tech')).json()).toMatchObject({
      data: [],
      pagination: { total: 0, pages: 1 },
    })
    expect((await server.api.get('/api/posts?category=beach')).json().data).toEqual([])
  })

  it('searches with full-text ranking: stemmed words, title matches before excerpt matches', async () => {
    // "hikes" is not a substring of anything; the English stemmer matches "hike" in both excerpts.
    const body = (await server.api.get('/api/posts?search=hikes')).json()
    expect(slugsOf(body)).toEqual(['annapurna-circuit', 'el-nido'])
    // "El Nido" is in one title and location; "Nido" appears nowhere else.
    expect(slugsOf((await server.api.get('/api/posts?search=nido')).json())).toEqual(['el-nido'])
    // Title (weight A) outranks location (weight C): "Sahara" is a title word, "Merzouga" only a city.
    expect(slugsOf((await server.api.get('/api/posts?search=sahara')).json())).toEqual(['sahara-night'])
  })

  it('keeps the documented case-insensitive substring match for short queries and word fragments', async () => {
    expect(slugsOf((await server.api.get('/api/posts?search=APURN')).json())).toEqual(['annapurna-circuit'])
    expect(slugsOf((await server.api.get('/api/posts?search=philipp')).json())).toEqual(['el-nido'])
    expect(slugsOf((await server.api.get('/api/posts?search=rocco')).json())).toEqual(['sahara-night']) // location country
    expect(slugsOf((await server.api.get('/api/posts?search=beach%20dest')).json())).toEqual(['el-nido', 'unsafe-body']) // category name
    expect(slugsOf((await server.api.get('/api/posts?search=100%25')).json())).toEqual(['packing-light']) // % is literal
  })

  it('combines search, category and paging, and answers a miss with an empty list', async () => {
    expect(slugsOf((await server.api.get('/api/posts?search=hike&category=beach-destinations')).json())).toEqual([
      'el-nido',
    ])
    const paged = (await server.api.get('/api/posts?search=a&limit=2&page=2')).json()
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 })
    expect(paged.data).toHaveLength(2)
    const miss = (await server.api.get('/api/posts?search=zzzzqx')).json()
    expect(miss).toEqual({ success: true, data: [], pagination: { page: 1, limit: 1, total: 0, pages: 1 } })
    for (const odd of ["it's", '&|!:*()', "'; DROP TABLE posts; --", '\\']) {
      expect((await server.api.get(`/api/posts?search=${encodeURIComponent(odd)}`)).statusCode, odd).toBe(200)
    }
  })

  it('never finds drafts or archived posts by search', async () => {
    const slugs = slugsOf((await server.api.get('/api/posts?search=annapurna')).json())
    expect(slugs).toEqual(['annapurna-circuit'])
  })
})

describe('GET /api/posts/slug/{slug}', () => {
  it('returns the post and counts each read as a view (written in batches: post-views.int.test.ts)', async () => {
    const first = await server.api.get('/api/posts/slug/el-nido')
    expect(first.statusCode).toBe(200)
    expect(Object.keys(first.json().data).sort()).toEqual(publicFields)
    expect(first.json().data).toMatchObject({ slug: 'el-nido', view_count: 1, tags: [{ name: 'Islands' }] })
    expect((await server.api.get('/api/posts/slug/el-nido')).statusCode).toBe(200)
    expect(server.app.deps.views.pending(first.json().data.id)).toBe(2)
  })

  it('answers missing, draft and archived posts with the 404 envelope and counts nothing', async () => {
    for (const slug of ['nope', 'secret-draft', 'old-archived']) {
      const res = await server.api.get(`/api/posts/slug/${slug}`)
      expect(res.statusCode, slug).toBe(404)
      expect(res.json()).toEqual({ success: false, error: 'The requested post could not be found.' })
    }
    const draft = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'secret-draft' } })
    expect(server.app.deps.views.pending(draft.id)).toBe(0)
  })

  it('serves HTML sanitised on write, even when a writer went straight to the database client', async () => {
    const stored = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'unsafe-body' } })
    expect(stored.content).toBe('<p>ok</p><img src="/media/x.webp" /><a>x</a>')
    const post = (await server.api.get('/api/posts/slug/unsafe-body')).json().data
    expect(post.content).toBe('<p>ok</p><img src="/media/x.webp" /><a>x</a>')
    expect(post.featured_image).toBeNull()
    const list = (await server.api.get('/api/posts?category=beach-destinations')).body
    expect(list).not.toMatch(/<script|onerror=|javascript:/)
  })
})

describe('tRPC posts procedures', () => {
  const trpcGet = (procedure: string, input: unknown) =>
    server.api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)

  it('posts.published filters like the REST path', async () => {
    const res = await trpcGet('posts.published', { limit: 1, category: 'adventure-travel' })
    expect(res.statusCode).toBe(200)
    const data = res.json().result.data
    expect(data.posts.map((p: { slug: string }) => p.slug)).toEqual(['annapurna-circuit'])
    expect(data.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 })
  })

  it('posts.published works without input', async () => {
    const res = await server.api.get('/trpc/posts.published')
    expect(res.json().result.data.pagination.total).toBe(5)
  })

  it('posts.bySlug returns NOT_FOUND with the documented text for a draft', async () => {
    const res = await trpcGet('posts.bySlug', { slug: 'secret-draft' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toMatchObject({
      message: 'The requested post could not be found.',
      data: { code: 'NOT_FOUND' },
    })
    const ok = await trpcGet('posts.bySlug', { slug: 'sahara-night' })
    expect(ok.json().result.data).toMatchObject({ title: 'A Night in the Sahara', view_count: 1 })
  })

  it('posts.story reads without counting; posts.recordView counts one view and answers the total', async () => {
    // Stored views plus those counted in memory and not yet written.
    const viewsOf = async () => {
      const stored = await server.database.prisma.post.findUniqueOrThrow({
        where: { slug: 'packing-light' },
        include: { views: true },
      })
      return (stored.views?.count ?? 0) + server.app.deps.views.pending(stored.id)
    }
    const before = await viewsOf()
    const story = await trpcGet('posts.story', { slug: 'packing-light' })
    expect(story.json().result.data).toMatchObject({ slug: 'packing-light', view_count: before })
    expect(await viewsOf()).toBe(before)
    const counted = await server.api.post('/trpc/posts.recordView', { slug: 'packing-light' })
    expect(counted.json().result.data).toEqual({ view_count: before + 1 })
    expect(await viewsOf()).toBe(before + 1)
    for (const slug of ['secret-draft', 'nope']) {
      expect((await trpcGet('posts.story', { slug })).statusCode, slug).toBe(404)
      const refused = await server.api.post('/trpc/posts.recordView', { slug })
      expect(refused.statusCode, slug).toBe(404)
    }
    const draft = await server.database.prisma.post.findUniqueOrThrow({
      where: { slug: 'secret-draft' },
      include: { views: true },
    })
    expect((draft.views?.count ?? 0) + server.app.deps.views.pending(draft.id)).toBe(0)
  })

  it('refuses an empty slug as invalid input', async () => {
    expect((await trpcGet('posts.bySlug', { slug: '' })).statusCode).toBe(400)
  })
})
