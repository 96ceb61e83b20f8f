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
  /** The memory store (a Map by key), counting the calls a limiter makes to it. */
  class CountingStore extends MemoryRateLimitStore {
    calls = 0
    sweeps = 0
    override add(...args: Parameters<MemoryRateLimitStore['add']>) {
      this.calls++
      return super.add(...args)
    }
    override get(...args: Parameters<MemoryRateLimitStore['get']>) {
      this.calls++
      return super.get(...args)
    }
    override set(...args: Parameters<MemoryRateLimitStore['set']>) {
      this.calls++
      return super.set(...args)
    }
    override delete(...args: Parameters<MemoryRateLimitStore['delete']>) {
      this.calls++
      return super.delete(...args)
    }
    override sweep(...args: Parameters<MemoryRateLimitStore['sweep']>) {
      this.sweeps++
      return super.sweep(...args)
    }
  }
  const windows = [
    { max: 1, perMs: 15_000 },
    { max: 10, perMs: 3_600_000 },
  ]
  const callsForOneSlot = async (store: CountingStore, limiter: RateLimiter, key: string) => {
    const before = store.calls
    await limiter.take(key, windows)
    return store.calls - before
  }

  // Counted, not timed: a slot is the same few keyed lookups of the store whether it tracks no address or 50,000,
  // and taking one never walks the whole store (only the periodic sweep does).
  it('a slot costs the same store lookups with 50,000 addresses in memory as with none, and no sweep', async () => {
    const empty = new CountingStore()
    const alone = await callsForOneSlot(empty, new RateLimiter(empty, () => 1_000_000), 'comment:ip:first')
    const store = new CountingStore()
    const limiter = new RateLimiter(store, () => 1_000_000)
    for (let i = 0; i < 50_000; i++) await limiter.take(`comment:ip:${i}`, windows)
    expect(store.size).toBe(100_000)
    expect(await callsForOneSlot(store, limiter, 'comment:ip:new')).toBe(alone)
    expect(alone).toBeLessThanOrEqual(windows.length * 2)
    expect(store.sweeps).toBe(0)
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
