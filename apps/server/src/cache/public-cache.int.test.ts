import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  startServersOnOneDatabase,
  startTestServer,
  testOwner,
  type ServersOnOneDatabase,
  type TestServer,
} from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// Public reads come from the cache, and every admin write is visible on the next one.
// (The scheduler publishing through the cache: scheduled-publishing.int.test.ts, with the cache on, reads before and after the moment.)
let server: TestServer
let auth: { authorization: string }
let postId: number

beforeAll(async () => {
  server = await startTestServer({ config: { publicCache: true } })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', daysAgo: 2 },
  ])
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

  it('serves a hit with the headers of the first answer, compressed once per encoding', async () => {
    const url = '/api/posts?limit=5&include=content'
    // A body well above the compression threshold.
    await server.app.deps.prisma.post.update({
      where: { id: postId },
      data: { content: `<p>${'Turquoise water and limestone cliffs. '.repeat(80)}</p>` },
    })
    const miss = await get(url, { 'accept-encoding': 'identity' })
    const br = await get(url, { 'accept-encoding': 'br, gzip' })
    const gzip = await get(url, { 'accept-encoding': 'gzip' })
    expect([miss.headers['x-cache'], br.headers['x-cache'], gzip.headers['x-cache']]).toEqual(['MISS', 'HIT', 'HIT'])
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(miss.body)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(miss.body)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    const perResponse = new Set([
      'date',
      'content-length',
      'content-encoding',
      'x-cache',
      'vary',
      'connection',
      'keep-alive',
      'transfer-encoding',
    ])
    const lasting = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.has(name)))
    // Security headers, CSP, content type, cache policy and ETag: the same from memory as from the route.
    expect(lasting(br.headers)).toEqual(lasting(miss.headers))
    expect(miss.headers['content-security-policy']).toBeTruthy()
    expect(miss.headers['x-content-type-options']).toBe('nosniff')
  })

  it('keeps a tRPC query like a REST read: ETag, headers, compressed forms', async () => {
    await server.app.deps.prisma.post.update({
      where: { id: postId },
      data: { content: `<p>${'Turquoise water and limestone cliffs. '.repeat(80)}</p>` },
    })
    const url = `/trpc/posts.story?input=${encodeURIComponent(JSON.stringify({ slug: 'el-nido' }))}`
    const miss = await get(url, { 'accept-encoding': 'identity' })
    const hit = await get(url, { 'accept-encoding': 'gzip' })
    expect([miss.statusCode, miss.headers['x-cache'], hit.headers['x-cache']]).toEqual([200, 'MISS', 'HIT'])
    expect(miss.headers['content-type']).toMatch(/^application\/json/)
    expect(gunzipSync(hit.rawPayload).toString()).toBe(miss.body)
    expect((await get(url, { 'if-none-match': String(hit.headers.etag) })).statusCode).toBe(304)
    // A procedure's error (not found) is answered as tRPC made it, and not kept.
    const missing = `/trpc/posts.story?input=${encodeURIComponent(JSON.stringify({ slug: 'no-such-story' }))}`
    const notFound = await get(missing)
    expect([notFound.statusCode, (notFound.json() as { error: { message: string } }).error.message]).toEqual([
      404,
      'The requested post could not be found.',
    ])
    expect((await get(missing)).headers['x-cache']).toBeUndefined()
  })

  it('answers the same read arriving at once only once: the others wait for it (single flight)', async () => {
    const reads = await Promise.all(Array.from({ length: 6 }, () => get('/api/posts?limit=4')))
    expect(reads.map((r) => r.headers['x-cache']).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS'])
    expect(new Set(reads.map((r) => r.body)).size).toBe(1)
    // A miss that is not kept (a 404) lets the waiting reads go on to answer for themselves.
    const missing = await Promise.all(Array.from({ length: 3 }, () => get('/api/posts/slug/nowhere-at-all')))
    expect(missing.map((r) => r.statusCode)).toEqual([404, 404, 404])
  })

  it('never keeps a call that carries a session, nor a batch of tRPC calls', async () => {
    await get('/api/posts', auth)
    expect((await get('/api/posts', auth)).headers['x-cache']).toBeUndefined()
    const batch = `/trpc/taxonomy.categories,taxonomy.tags?batch=1&input=${encodeURIComponent('{}')}`
    await get(batch)
    expect((await get(batch)).headers['x-cache']).toBeUndefined()
    // A comma inside the input is not a batch: a map's box is kept.
    const box = '/api/places/map?bbox=-180,-85,180,85&zoom=2'
    await get(box)
    expect((await get(box)).headers['x-cache']).toBe('HIT')
  })

  it('keeps the read by slug and still counts a view for every hit', async () => {
    // The story's answer is kept ready (rendered-pages.ts) once the server has made it.
    await server.app.renderedPages!.settled()
    const before = server.app.deps.views.pending(postId)
    const first = await get('/api/posts/slug/el-nido')
    const hits = await Promise.all([get('/api/posts/slug/el-nido'), get('/api/posts/slug/el-nido')])
    expect([first.headers['x-cache'], ...hits.map((h) => h.headers['x-cache'])]).toEqual(['STORED', 'HIT', 'HIT'])
    expect(server.app.deps.views.pending(postId)).toBe(before + 3)
    const notFound = await get('/api/posts/slug/no-such-story')
    expect([notFound.statusCode, (await get('/api/posts/slug/no-such-story')).headers['x-cache']]).toEqual([
      404,
      undefined,
    ])
  })

  it('makes the feed and the sitemap again after a change, before anyone asks for them', async () => {
    for (const url of ['/rss.xml', '/sitemap.xml']) await get(url)
    await server.app.deps.prisma.post.update({ where: { id: postId }, data: { title: 'El Nido, Made Again' } })
    await server.app.publicCache.warmed()
    const feed = await get('/rss.xml')
    expect([feed.headers['x-cache'], feed.body.includes('El Nido, Made Again')]).toEqual(['HIT', true])
    expect((await get('/sitemap.xml')).headers['x-cache']).toBe('HIT')
    // View counts change every few seconds on a read site: they make nothing again.
    server.app.publicCache.invalidate(true)
    await server.app.publicCache.warmed()
    expect((await get('/rss.xml')).headers['x-cache']).toBe('MISS')
    await server.app.deps.prisma.post.update({ where: { id: postId }, data: { title: 'Island Hopping in El Nido' } })
  })

  it('shows every admin write on the next public read: publish, edit, unpublish, delete', async () => {
    expect(await titles()).toEqual(['Island Hopping in El Nido'])
    expect(await cards()).toEqual(['Island Hopping in El Nido'])
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: auth,
      payload: { title: 'Fresh Story', content: '<p>New.</p>', excerpt: '', status: 'published' },
    })
    const id = (created.json() as { data: { id: number } }).data.id
    expect(await titles()).toContain('Fresh Story')
    expect(await cards()).toContain('Fresh Story')

    await server.app.inject({
      method: 'PUT',
      url: `/api/posts/${id}`,
      headers: auth,
      payload: { title: 'Fresh Story, Edited', content: '<p>New.</p>', excerpt: '', status: 'published' },
    })
    expect(await titles()).toContain('Fresh Story, Edited')
    await server.app.inject({
      method: 'PUT',
      url: `/api/posts/${id}`,
      headers: auth,
      payload: { title: 'Fresh Story, Edited', content: '<p>New.</p>', excerpt: '', status: 'draft' },
    })
    expect(await titles()).not.toContain('Fresh Story, Edited')
    await server.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: auth })
    expect(await titles()).toEqual(['Island Hopping in El Nido'])
  })

  it('shows a moderated comment and a published photo on the next public read', async () => {
    const comments = async () =>
      (
        (await get(`/api/comments/post/${postId}`)).json() as { data: { comments: { content: string }[] } }
      ).data.comments.map((c) => c.content)
    expect(await comments()).toEqual([])
    await server.app.inject({
      method: 'POST',
      url: '/api/comments/submit',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: {
        post_id: postId,
        author_name: 'Ana',
        author_email: 'ana@example.com',
        content: 'What a wonderful island story!',
      },
    })
    const pending = await server.database.prisma.comment.findFirstOrThrow()
    expect(await comments()).toEqual([])
    await server.app.inject({
      method: 'POST',
      url: '/api/comments/moderate',
      headers: auth,
      payload: { comment_id: pending.id, action: 'approve' },
    })
    expect(await comments()).toEqual(['What a wonderful island story!'])

    const photos = async () => ((await get('/api/gallery')).json() as { data: unknown[] }).data.length
    const before = await photos()
    const published = await server.app.inject({
      method: 'POST',
      url: '/api/gallery/publish',
      headers: auth,
      payload: {
        images: [
          {
            public_id: 'wayfarer/cache-test',
            url: '/media/gallery/cache-test.webp',
            title: 'Cache test',
            width: 10,
            height: 10,
          },
        ],
      },
    })
    expect(published.statusCode).toBe(200)
    expect(await photos()).toBe(before + 1)
  })
})

/** Two servers on one database: the same PostgreSQL database (TEST_DATABASE_URL), or one embedded database. */
describe('several server processes on one database', () => {
  let servers: ServersOnOneDatabase
  let apps: FastifyInstance[]

  beforeAll(async () => {
    servers = await startServersOnOneDatabase({ config: { publicCache: true } })
    apps = servers.apps
  })
  afterAll(() => servers.close())

  const titlesFrom = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/posts?limit=6' })
    return {
      cache: res.headers['x-cache'],
      titles: (res.json() as { data: { title: string }[] }).data.map((p) => p.title),
    }
  }

  it('a write through one server drops what the other kept, within a second (LISTEN/NOTIFY)', async () => {
    const [writer, reader] = [apps[0]!, apps[1]!]
    await titlesFrom(reader)
    expect(await titlesFrom(reader)).toEqual({ cache: 'HIT', titles: [] })
    const login = await writer.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
    const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`
    const created = await writer.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization },
      payload: { title: 'Written Elsewhere', content: '<p>Hello.</p>', excerpt: '', status: 'published' },
    })
    expect(created.statusCode).toBe(200)
    // The other server kept its answer for a minute; only the notification can make it read again this soon.
    await vi.waitFor(async () => expect((await titlesFrom(reader)).titles).toEqual(['Written Elsewhere']), {
      timeout: 1_000,
      interval: 20,
    })
  })

  it("a search through the other server finds a story's new words, and its new title, within a second", async () => {
    const [writer, reader] = [apps[0]!, apps[1]!]
    const search = async (words: string) => {
      const res = await reader.inject({ method: 'GET', url: `/api/posts?search=${words}&limit=6` })
      return (res.json() as { data: { title: string }[] }).data.map((p) => p.title)
    }
    // The reader's search index is built, and the story's row kept, before the edit.
    expect(await search('written')).toEqual(['Written Elsewhere'])
    expect(await search('gondola')).toEqual([])
    const [post] = await servers.database.prisma.post.findMany({ where: { title: 'Written Elsewhere' } })
    const login = await writer.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
    const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`
    const saved = await writer.inject({
      method: 'PUT',
      url: `/api/posts/${post!.id}`,
      headers: { authorization },
      payload: { title: 'Written in Venice', content: '<p>A gondola at dawn.</p>', status: 'published' },
    })
    expect(saved.statusCode).toBe(200)
    await vi.waitFor(async () => expect(await search('gondola')).toEqual(['Written in Venice']), {
      timeout: 1_000,
      interval: 20,
    })
    expect(await search('written')).toEqual(['Written in Venice'])
    expect(await search('elsewhere')).toEqual([])
  })

  it('stops serving from memory while it cannot hear the others, and starts again once it can (PostgreSQL)', async () => {
    const [reader] = [apps[1]!]
    await titlesFrom(reader)
    expect((await titlesFrom(reader)).cache).toBe('HIT')
    if (!process.env.TEST_DATABASE_URL) return // the embedded database has no connection to lose
    // Cut the listening connections (as a database restart or a network fault would).
    await servers.database.prisma
      .$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`
    await vi.waitFor(async () => expect((await titlesFrom(reader)).cache).toBeUndefined(), {
      timeout: 1_000,
      interval: 20,
    })
    await vi.waitFor(
      async () => {
        await titlesFrom(reader)
        expect((await titlesFrom(reader)).cache).toBe('HIT')
      },
      { timeout: 5_000, interval: 100 },
    )
  })
})

describe('the site settings every page head carries', () => {
  let servers: ServersOnOneDatabase
  let shell: string

  beforeAll(async () => {
    // A stand-in for the web build, so the pages (and their heads) answer.
    shell = await mkdtemp(path.join(tmpdir(), 'wayfarer-shell-'))
    await writeFile(
      path.join(shell, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body></body></html>',
    )
    servers = await startServersOnOneDatabase({ config: { publicCache: true, webDistDir: shell } })
  })
  afterAll(async () => {
    await servers.close()
    await rm(shell, { recursive: true, force: true })
  })

  const page = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).body

  it('are read once per change: a page first asked for after a save shows it, in this process and in another', async () => {
    const [writer, reader] = [servers.apps[0]!, servers.apps[1]!]
    // Both processes have read the settings for a page already.
    for (const app of [writer, reader]) expect(await page(app, '/about')).not.toContain('Two Backpacks')
    const login = await writer.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
    const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`
    const settings = (await writer.inject({ method: 'GET', url: '/api/settings/site' })).json() as {
      data: Record<string, unknown>
    }
    const { videos: _computed, ...saved } = settings.data
    const res = await writer.inject({
      method: 'POST',
      url: '/api/settings/site',
      headers: { authorization },
      payload: { ...saved, name: 'Two Backpacks' },
    })
    expect(res.statusCode).toBe(200)
    expect(await page(writer, '/gallery')).toContain('Two Backpacks')
    await vi.waitFor(async () => expect(await page(reader, '/privacy')).toContain('Two Backpacks'), {
      timeout: 1_000,
      interval: 20,
    })
  })
})
