import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { PublicCache } from './public-cache'

// The cache on a bare Fastify app, with a cache too small to keep the answer: what the reads that arrive while it is
// being made are given.
describe('PublicCache single flight', () => {
  const app = Fastify()
  // Room for small answers only: the 4 KB list below is never kept.
  const cache = new PublicCache({ ttlMs: 60_000, maxBytes: 2_000 })
  let made = 0
  let release: () => void = () => {}
  cache.registerLookup(app)
  cache.registerStore(app)
  app.get('/api/posts', async () => {
    made++
    // The answer takes a while to make: every read below arrives meanwhile.
    await new Promise<void>((resolve) => (release = resolve))
    return { success: true, data: 'x'.repeat(4_000) }
  })
  afterAll(() => app.close())

  it('hands an answer too large to keep to the reads that waited for it, made once', async () => {
    const reads = Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/api/posts' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    const answers = await Promise.all(reads)
    expect(made).toBe(1)
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.map((a) => a.headers['x-cache']).sort()).toEqual([...Array(7).fill('HIT'), 'MISS'])
    // Not kept: the next read makes it again.
    const next = app.inject({ method: 'GET', url: '/api/posts' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    expect((await next).headers['x-cache']).toBe('MISS')
    expect(made).toBe(2)
  })

  it('makes it again for a read that waited across a write', async () => {
    made = 0
    const before = app.inject({ method: 'GET', url: '/api/posts' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const waiting = app.inject({ method: 'GET', url: '/api/posts' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    cache.invalidate()
    release()
    await before
    // The read that waited is not given what was made before the write: it makes its own.
    await new Promise((resolve) => setTimeout(resolve, 20))
    release()
    expect((await waiting).headers['x-cache']).toBe('MISS')
    expect(made).toBe(2)
  })
})
