import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostScheduler, type PublishedByScheduler } from '@wayfarer/api'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import { openDatabase } from '@wayfarer/db'
import {
  publicPlaces,
  startServersOnOneDatabase,
  startTestServer,
  type Api,
  type TestServer,
} from '../testing/test-server'
import { freePort, killStartedServers, startMain, waitForHealth } from '../testing/server-process'

let server: TestServer
let owner: Api
beforeAll(async () => {
  server = await startTestServer({ appShell: true, config: { scheduleCheckMs: 60_000 } })
  owner = await server.api.asOwner()
})
afterAll(async () => {
  killStartedServers()
  await server.close()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const everywhere = (slug: string) => publicPlaces(server.app, slug)

describe('scheduled publishing', () => {
  it('a post scheduled 2 s ahead is public everywhere after that moment and nowhere before', async () => {
    const at = new Date(Date.now() + 2000)
    const created = await owner.post('/api/posts', {
      title: 'Sunrise Over Bagan',
      content: '<p>Balloons at dawn.</p>',
      status: 'scheduled',
      published_at: at.toISOString(),
    })
    expect(created.statusCode, created.body).toBe(200)
    const { id, slug } = created.json().data
    const hidden = await everywhere(slug)
    const comment = {
      post_id: id,
      author_name: 'Early',
      author_email: 'early@example.com',
      content: 'Can I comment already?',
    }
    const early = await server.api.post('/api/comments/submit', comment)
    // On a very busy machine the checks may end after the moment; then only the "after" half says anything.
    if (Date.now() < at.getTime()) {
      expect(hidden).toEqual({ list: false, page: false, sitemap: false, rss: false })
      expect(early.statusCode).toBe(404)
    }

    // Poll on the real clock: no claim about how fast, only about before and after.
    let seen = await everywhere(slug)
    while (!seen.list && Date.now() < at.getTime() + 20_000) {
      await sleep(100)
      seen = await everywhere(slug)
      if (seen.list) expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    }
    expect(await everywhere(slug)).toEqual({ list: true, page: true, sitemap: true, rss: true })
    const admin = (await owner.get(`/api/posts/admin/${id}`)).json().data
    expect(admin).toMatchObject({ status: 'published', published_at: at.toISOString() })
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/comments/submit',
          payload: comment,
          remoteAddress: '198.51.100.9',
        })
      ).statusCode,
    ).toBe(200)
  }, 40_000)

  it('refuses a time in the past, and taking a scheduled post back to draft forgets its time', async () => {
    const past = await owner.post('/api/posts', {
      title: 'Too Late',
      content: '<p>x</p>',
      status: 'scheduled',
      published_at: new Date(Date.now() - 60_000).toISOString(),
    })
    expect(past.json()).toEqual({ success: false, error: 'Choose a date and time in the future to schedule the post' })
    const missing = await owner.post('/api/posts', { title: 'No Time', content: '<p>x</p>', status: 'scheduled' })
    expect(missing.json().error).toBe('Choose a date and time in the future to schedule the post')
    const later = new Date(Date.now() + 86_400_000).toISOString()
    const { id, slug } = (
      await owner.post('/api/posts', {
        title: 'Next Week',
        content: '<p>x</p>',
        status: 'scheduled',
        published_at: later,
      })
    ).json().data
    expect(await everywhere(slug)).toEqual({ list: false, page: false, sitemap: false, rss: false })
    const listed = (await owner.get('/api/posts/admin?status=scheduled')).json().data
    expect(listed).toEqual([expect.objectContaining({ id, status: 'scheduled' })])
    await owner.put(`/api/posts/${id}`, { title: 'Next Week', content: '<p>x</p>', status: 'draft' })
    const draft = await server.database.prisma.post.findUniqueOrThrow({ where: { id } })
    expect([draft.status, draft.publishedAt]).toEqual(['draft', null])
  })

  it('several schedulers on one database publish each post exactly once', async () => {
    const prisma = server.database.prisma
    const author = await prisma.user.findFirstOrThrow()
    const at = new Date(Date.now() + 500)
    await prisma.post.createMany({
      data: Array.from({ length: 20 }, (_, i) => ({
        slug: `race-${i}`,
        title: `Race ${i}`,
        status: 'scheduled' as const,
        publishedAt: at,
        authorId: author.id,
      })),
    })
    const published: PublishedByScheduler[] = []
    const schedulers = Array.from(
      { length: 3 },
      () =>
        new PostScheduler({
          prisma,
          now: () => new Date(),
          checkEveryMs: 50,
          onPublished: (p) => void published.push(...p),
          onError: (e) => {
            throw e
          },
        }),
    )
    schedulers.forEach((s) => s.start())
    while ((await prisma.post.count({ where: { status: 'scheduled', slug: { startsWith: 'race-' } } })) > 0)
      await sleep(50)
    await sleep(300)
    await Promise.all(schedulers.map((s) => s.stop()))
    expect(published.map((p) => p.slug).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `race-${i}`).sort())
  }, 30_000)
})

// Two server processes on one PostgreSQL database in the PostgreSQL pass of npm test; on the embedded database
// (one process per data dir) two server instances in one process share it instead.
describe('two servers on one database', () => {
  it('publish each scheduled post once', async () => {
    const sharedUrl = process.env.TEST_DATABASE_URL
    const empty = sharedUrl ? await createEmptyDatabase(sharedUrl) : null
    const logs: string[] = []
    const inProcess = empty
      ? undefined
      : await startServersOnOneDatabase({
          config: { scheduleCheckMs: 1000 },
          server: {
            onScheduledPublish: (posts) =>
              void logs.push(JSON.stringify({ posts: posts.map((p) => p.id), msg: 'scheduled post(s)' })),
          },
        })
    const db = empty ? await openDatabase({ databaseUrl: empty.url, dataDir: 'memory://' }) : inProcess!.database
    const stops: (() => Promise<unknown>)[] = []
    try {
      const ports = [await freePort(), await freePort()]
      const env = {
        SECRET_KEY: 'two-process-secret-key-at-least-32-chars',
        ADMIN_EMAIL: 'o@two.test',
        ADMIN_PASSWORD: 'two-processes',
        LOG_LEVEL: 'info',
        SCHEDULE_CHECK_SECONDS: '1',
      }
      if (empty) {
        const processes = await Promise.all(
          ports.map((port) => startMain({ ...env, DATABASE_URL: empty.url, PORT: String(port) })),
        )
        for (const p of processes) stops.push(async () => (p.child.kill('SIGTERM'), await p.exited))
        await Promise.all(processes.map((p, i) => waitForHealth(ports[i]!, p)))
        stops.push(async () => logs.push(...processes.map((p) => p.output())))
      } else {
        for (const [i, app] of inProcess!.apps.entries()) {
          await app.listen({ port: ports[i]!, host: '127.0.0.1' })
          stops.push(() => app.close())
        }
      }
      const author = await db.prisma.user.findFirstOrThrow()
      const at = new Date(Date.now() + 2000)
      await db.prisma.post.createMany({
        data: Array.from({ length: 10 }, (_, i) => ({
          slug: `twin-${i}`,
          title: `Twin ${i}`,
          status: 'scheduled' as const,
          publishedAt: at,
          authorId: author.id,
        })),
      })
      for (const port of ports) {
        let slugs: string[] = []
        while (slugs.filter((s) => s.startsWith('twin-')).length < 10) {
          await sleep(200)
          slugs = (
            (await (await fetch(`http://127.0.0.1:${port}/api/posts`)).json()) as { data: { slug: string }[] }
          ).data.map((p) => p.slug)
        }
      }
      await sleep(1500)
      for (const stop of stops.splice(0)) await stop()
      const announced = logs
        .join('\n')
        .split('\n')
        .filter((l) => l.includes('scheduled post(s)'))
        .flatMap((l) => (JSON.parse(l) as { posts: number[] }).posts)
      const twins = await db.prisma.post.findMany({
        where: { slug: { startsWith: 'twin-' } },
        select: { id: true },
        orderBy: { id: 'asc' },
      })
      expect(announced.sort((a, b) => a - b)).toEqual(twins.map((p) => p.id))
    } finally {
      for (const stop of stops) await stop()
      if (empty) {
        await db.close()
        await empty.drop()
      }
      await inProcess?.close()
    }
  }, 90_000)
})
