import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { BatchedViewCounter } from '@wayfarer/api'
import {
  startServersOnOneDatabase,
  startTestServer,
  testOwner,
  type ServersOnOneDatabase,
  type TestServer,
} from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// Story pages and story answers kept ready in the database: served on a first visit, never after a write that
// changed them, in this process or another.
let server: TestServer
let owner: { authorization: string }
let postId: number
let categoryId: number
const page = '/blog/el-nido'
const answer = '/api/posts/slug/el-nido'

beforeAll(async () => {
  server = await startTestServer({ appShell: true, config: { publicCache: true } })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', daysAgo: 2, views: 7 },
    { slug: 'draft-only', title: 'Not Yet', status: 'draft', daysAgo: 1 },
  ])
  const post = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'el-nido' } })
  postId = post.id
  categoryId = post.categoryId!
  await server.app.ready()
  await server.app.renderedPages!.settled()
  owner = { authorization: `Bearer ${await server.ownerToken()}` }
})
afterAll(() => server.close())

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers })
/** What the route answers now: a query string passes the kept answers by (and changes nothing in these two). */
const fromRoute = (url: string) => get(`${url}?fresh=${Math.random()}`)
const viewCount = (body: string) => Number(/"view_count":(\d+)/.exec(body)?.[1])
/** The kept answers, as the database holds them. */
const kept = () => server.database.prisma.renderedPage.findMany({ select: { path: true }, orderBy: { path: 'asc' } })
/** Clears the memory cache without a write: the next read of a story is the store's or the route's. */
const forgetMemory = () => server.app.deps.prisma.$executeRaw`SELECT 1`
const settle = () => server.app.renderedPages!.settled()
/** The owner saves the story (the editor sends every field). */
const save = (fields: { title?: string; status?: string }) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/posts/${postId}`,
    headers: owner,
    payload: { title: 'El Nido by Boat', content: '<p>Lagoons.</p>', excerpt: '', category_id: categoryId, ...fields },
  })

describe('kept story pages and answers', () => {
  it("keeps each published story's page and REST answer, and no draft's; making them counted no view", async () => {
    expect(await kept()).toEqual([{ path: '/api/posts/slug/el-nido' }, { path: '/blog/el-nido' }])
    expect(server.app.deps.views.pending(postId)).toBe(0)
    const post = await server.database.prisma.post.findUniqueOrThrow({
      where: { id: postId },
      include: { views: true },
    })
    expect(post.views?.count).toBe(7)
  })

  it("serves a first visit from the store, byte for byte the route's answer with the live view count", async () => {
    const stored = await get(page)
    expect(stored.headers['x-cache']).toBe('STORED')
    const route = await fromRoute(page)
    expect(route.headers['x-cache']).toBe('MISS')
    expect(stored.body).toBe(route.body)
    expect(stored.headers['content-type']).toBe(route.headers['content-type'])
    expect(stored.headers['content-security-policy']).toBe(route.headers['content-security-policy'])
    expect(stored.body).toContain('<title>Island Hopping in El Nido')

    // The REST read counts a view on every answer, the store's too; each shows the count with its own view.
    await forgetMemory()
    const first = await get(answer)
    expect(first.headers['x-cache']).toBe('STORED')
    const second = await fromRoute(answer)
    expect(viewCount(first.body)).toBe(8)
    expect(viewCount(second.body)).toBe(9)
    expect(first.body.replace(/"view_count":\d+/, '')).toBe(second.body.replace(/"view_count":\d+/, ''))
    await forgetMemory()
    const third = await get(answer)
    expect([third.headers['x-cache'], viewCount(third.body)]).toEqual(['STORED', 10])

    // Compressed as kept in its file (gzip, also for a client that would take brotli: no compression on a hit),
    // the count written in.
    await forgetMemory()
    await settle()
    const zipped = await get(page, { 'accept-encoding': 'br, gzip' })
    expect([zipped.headers['x-cache'], zipped.headers['content-encoding']]).toEqual(['STORED', 'gzip'])
    const unzipped = gunzipSync(zipped.rawPayload).toString()
    expect(viewCount(unzipped)).toBe(10)
    expect(unzipped.replace(/"view_count":\d+/, '')).toBe(stored.body.replace(/"view_count":\d+/, ''))

    // An ETag of the body as sent (the count included) earns a 304.
    const again = await get(page, { 'if-none-match': String(zipped.headers.etag) })
    expect(again.statusCode).toBe(304)

    // Once the counter writes the views, the kept answer's count goes on from the stored one.
    await (server.app.deps.views as BatchedViewCounter).flush()
    expect(server.app.deps.views.pending(postId)).toBe(0)
    await settle()
    const afterWrite = await get(answer)
    expect([afterWrite.headers['x-cache'], viewCount(afterWrite.body)]).toEqual(['STORED', 11])
  })

  it('never serves a kept answer after a write that changed it: an edit, a category renamed, the site renamed', async () => {
    expect((await save({ title: 'El Nido by Boat' })).statusCode).toBe(200)
    // At once: the route's answer, or one already made again, never the one kept before.
    const afterEdit = await get(page)
    expect(afterEdit.body).toContain('<title>El Nido by Boat')
    expect(afterEdit.body).not.toContain('Island Hopping')
    expect((await get(answer)).json().data.title).toBe('El Nido by Boat')
    await settle()
    await forgetMemory()
    const remade = await get(page)
    expect([remade.headers['x-cache'], remade.body.includes('<title>El Nido by Boat')]).toEqual(['STORED', true])

    // A category renamed (the admin has no rename; the write is what one would do).
    const category = await server.app.deps.prisma.category.findFirstOrThrow({
      where: { posts: { some: { id: postId } } },
    })
    await server.app.deps.prisma.category.update({ where: { id: category.id }, data: { name: 'Islands & Lagoons' } })
    const renamed = await get(answer)
    expect(renamed.headers['x-cache']).toBe('MISS')
    expect(renamed.json().data.category_name).toBe('Islands & Lagoons')

    // The site's name is in every story's head.
    const site = await server.app.deps.prisma.setting.findUnique({ where: { key: 'site' } })
    const value = { ...((site?.value as object | undefined) ?? {}), name: 'Two Backpacks' }
    await server.app.deps.prisma.setting.upsert({
      where: { key: 'site' },
      create: { key: 'site', value },
      update: { value },
    })
    const head = await get(page)
    expect(head.headers['x-cache']).toBe('MISS')
    expect(head.body).toContain('Two Backpacks')
    await settle()
    await forgetMemory()
    const both = await Promise.all([get(page), get(answer)])
    expect(both.map((r) => r.headers['x-cache'])).toEqual(['STORED', 'STORED'])
    expect(both[0]!.body).toContain('Two Backpacks')
    expect(both[1]!.json().data.category_name).toBe('Islands & Lagoons')
  })

  it('shows an approved comment at once; the story stays kept (comments are not part of it)', async () => {
    const submitted = await get(`/api/comments/post/${postId}`)
    expect(submitted.json().data.comments).toEqual([])
    const comment = await server.database.prisma.comment.create({
      data: {
        postId,
        authorName: 'Ana',
        authorEmail: 'ana@example.com',
        content: 'Lovely lagoons.',
        status: 'pending',
      },
    })
    const moderated = await server.app.inject({
      method: 'POST',
      url: '/api/comments/moderate',
      headers: owner,
      payload: { comment_id: comment.id, action: 'approve' },
    })
    expect(moderated.statusCode).toBe(200)
    const comments = (await get(`/api/comments/post/${postId}`)).json().data.comments as { content: string }[]
    expect(comments.map((c) => c.content)).toEqual(['Lovely lagoons.'])
    expect((await get(page)).headers['x-cache']).toBe('STORED')
  })

  it('drops a story unpublished or deleted at once', async () => {
    expect((await save({ status: 'draft' })).statusCode).toBe(200)
    expect((await get(page)).statusCode).toBe(404)
    expect((await get(answer)).statusCode).toBe(404)
    await settle()
    expect(await kept()).toEqual([])
    expect((await save({ status: 'published' })).statusCode).toBe(200)
    await settle()
    expect((await kept()).length).toBe(2)
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, headers: owner })).statusCode,
    ).toBe(200)
    expect((await get(answer)).statusCode).toBe(404)
    expect(await kept()).toEqual([])
  })
})

describe('kept answers with several server processes on one database', () => {
  let servers: ServersOnOneDatabase
  let apps: FastifyInstance[]

  beforeAll(async () => {
    servers = await startServersOnOneDatabase({ config: { publicCache: true } })
    apps = servers.apps
    await createReadingFixtures(servers.database.prisma, [{ slug: 'shared', title: 'Written Once', daysAgo: 1 }])
    for (const app of apps) await app.ready()
    for (const app of apps) await app.renderedPages!.settled()
  })
  afterAll(() => servers.close())

  it("a write through one process makes the other's kept answer unservable at once, before any notification", async () => {
    const [writer, reader] = [apps[0]!, apps[1]!]
    // Both processes run the same code with the same settings: either's kept answers serve both.
    expect((await reader.renderedPages!.lookup('/api/posts/slug/shared'))?.body.bytes().toString()).toContain(
      'Written Once',
    )
    const login = await writer.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
    const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`
    const id = (await servers.database.prisma.post.findUniqueOrThrow({ where: { slug: 'shared' } })).id
    const edited = await writer.inject({
      method: 'PUT',
      url: `/api/posts/${id}`,
      headers: { authorization },
      payload: { title: 'Written Twice', content: '<p>Again.</p>' },
    })
    expect(edited.statusCode).toBe(200)
    // On PostgreSQL the lookup compares versions in the database: at once it finds nothing, or the answer the
    // writer already made again, never the one made before. Two servers on one embedded database share one handle
    // in one process, which no deployment does (one process owns it): there the reader checks its files against
    // what it last heard, and hears of the write through the notification (the poll below).
    if (servers.database.kind === 'postgresql') {
      const lookedUp = await reader.renderedPages!.lookup('/api/posts/slug/shared')
      expect(lookedUp?.body.bytes().toString() ?? 'nothing').not.toContain('Written Once')
    }
    await reader.renderedPages!.settled()
    await writer.renderedPages!.settled()
    // The reader hears of the write (NOTIFY) and makes its answer again.
    await expect
      .poll(async () => (await reader.renderedPages!.lookup('/api/posts/slug/shared'))?.body.bytes().toString() ?? '', {
        timeout: 2_000,
        interval: 20,
      })
      .toContain('Written Twice')
  })
})
