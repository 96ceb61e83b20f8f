import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './testing/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('HTTP shell', () => {
  it('reports health with the database kind', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite' },
    })
  })

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/posts/zzz/yyy/xxx'],
      ['DELETE', '/api/'],
    ] as const) {
      const res = await server.app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('No API route') })
    }
  })

  it('serves health over tRPC too', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/trpc/health.check' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ result: { data: { status: 'ok' } } })
  })

  it('answers malformed JSON bodies with 400, not 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
  })
})
