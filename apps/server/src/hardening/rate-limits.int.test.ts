import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryRateLimitStore, PostgresRateLimitStore, RateLimiter } from '@wayfarer/api'
import { startServersOnOneDatabase, startTestServer, testOwner, type TestServer } from '../testing/test-server'
import { createCommentablePosts, validComment } from '../http-tests/comments.fixtures'

// Rate limits that hold across processes on one PostgreSQL database, O(1) lookups, and a failed comment
// that does not cost the visitor their slot.
let server: TestServer
let postId: number
beforeAll(async () => {
  server = await startTestServer()
  postId = (await createCommentablePosts(server.database.prisma)).published.id
})
afterAll(() => server.close())

const comment = (app: TestServer['app'], ip: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/comments/submit', remoteAddress: ip, payload })

describe('comment slots', () => {
  it('a comment on an unknown post does not use up the visitor’s 15-second slot', async () => {
    const ip = '10.60.0.1'
    expect(
      (await comment(server.app, ip, validComment(2_000_000, { content: 'On a post that is not there.' }))).statusCode,
    ).toBe(404)
    expect(
      (await comment(server.app, ip, validComment(postId, { content: 'Straight after, on the real post.' })))
        .statusCode,
    ).toBe(200)
    expect(
      (await comment(server.app, ip, validComment(postId, { content: 'And now it is too quick again.' }))).statusCode,
    ).toBe(429)
  })
})

describe('lookups stay O(1) however many addresses are tracked', () => {
  it('takes a slot in well under 50 µs with 50,000 addresses in memory', async () => {
    const store = new MemoryRateLimitStore()
    const limiter = new RateLimiter(store, () => 1_000_000)
    const windows = [
      { max: 1, perMs: 15_000 },
      { max: 10, perMs: 3_600_000 },
    ]
    for (let i = 0; i < 50_000; i++) await limiter.take(`comment:ip:${i}`, windows)
    expect(store.size).toBe(100_000)
    const started = process.hrtime.bigint()
    for (let i = 0; i < 10_000; i++) await limiter.take(`comment:ip:new-${i}`, windows)
    const perCheckUs = Number(process.hrtime.bigint() - started) / 1000 / 10_000
    expect(perCheckUs).toBeLessThan(50)
  })
})

describe('several processes on one database', () => {
  it('share the comment and sign-in limits through the database (PostgreSQL), or the same SQL store on the embedded one', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) {
      // Embedded: one process by design (the data-dir lock); the shared store's SQL still works on PGlite.
      const a = new RateLimiter(new PostgresRateLimitStore(server.database.prisma), () => 5_000)
      const b = new RateLimiter(new PostgresRateLimitStore(server.database.prisma), () => 5_000)
      expect(await a.take('shared', [{ max: 1, perMs: 60_000 }])).toBe(0)
      expect(await b.take('shared', [{ max: 1, perMs: 60_000 }])).toBe(60)
      return
    }
    const servers = await startServersOnOneDatabase()
    try {
      const [first, second] = servers.apps as [TestServer['app'], TestServer['app']]
      const post = await createCommentablePosts(servers.database.prisma)
      expect(
        (await comment(first, '10.70.0.1', validComment(post.published.id, { content: 'From the first process.' })))
          .statusCode,
      ).toBe(200)
      expect(
        (await comment(second, '10.70.0.1', validComment(post.published.id, { content: 'From the second process.' })))
          .statusCode,
      ).toBe(429)

      // Sign-in: five tries spread over both processes use up the address's allowance on both.
      const wrong = (app: TestServer['app']) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.70.0.2',
          payload: { email: testOwner.email, password: 'nope' },
        })
      const statuses = await Promise.all([first, second, first, second, first, second, first].map(wrong))
      expect(statuses.map((r) => r.statusCode).filter((s) => s === 401)).toHaveLength(5)
    } finally {
      await servers.close()
    }
  })
})
