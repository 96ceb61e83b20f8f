import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicPlaces, startTestServer, type TestServer } from './testing/test-server'

// A scheduled post, "not before" and "after" at the exact moment, whatever the machine's load: the server
// runs on a clock the test holds (http-tests/scheduling.int.test.ts shows the same on the real clock, and two server
// processes on one PostgreSQL database publishing each post once).
let server: TestServer
let token: string
let clock = Date.UTC(2026, 5, 1, 8, 0, 0)

beforeAll(async () => {
  server = await startTestServer({
    appShell: true,
    config: { scheduleCheckMs: 60_000, publicCache: true },
    deps: { now: () => new Date(clock) },
  })
  token = await server.ownerToken()
})
afterAll(async () => {
  await server.close()
})

const visibility = (slug: string) => publicPlaces(server.app, slug)

/** Lets the scheduler look at the clock now, and gives it `rounds` × 25 ms to write what was due. */
async function schedulerLooks(until: () => Promise<boolean>, rounds = 400) {
  server.app.deps.scheduler?.wake()
  for (let i = 0; i < rounds && !(await until()); i++) await new Promise((resolve) => setTimeout(resolve, 25))
}

describe('a post scheduled 2 s ahead, on a held clock', () => {
  it('is in GET /api/posts, the sitemap and RSS from its moment on, and nowhere a millisecond before', async () => {
    const at = new Date(clock + 2000)
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        title: 'Lanterns in Hoi An',
        content: '<p>The river at dusk.</p>',
        status: 'scheduled',
        published_at: at.toISOString(),
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const { id, slug } = created.json().data as { id: number; slug: string }
    const status = async () => (await server.database.prisma.post.findUniqueOrThrow({ where: { id } })).status

    expect(await visibility(slug)).toEqual({ list: false, page: false, sitemap: false, rss: false })
    clock = at.getTime() - 1
    // One millisecond short of the moment the scheduler re-checks every millisecond; give it a dozen looks.
    await schedulerLooks(async () => false, 12)
    expect(await status()).toBe('scheduled')
    expect(await visibility(slug)).toEqual({ list: false, page: false, sitemap: false, rss: false })

    clock = at.getTime()
    await schedulerLooks(async () => (await status()) === 'published')
    expect(await status()).toBe('published')
    expect(await visibility(slug)).toEqual({ list: true, page: true, sitemap: true, rss: true })
    const stored = await server.database.prisma.post.findUniqueOrThrow({ where: { id } })
    expect(stored.publishedAt?.toISOString()).toBe(at.toISOString())
  })
})
