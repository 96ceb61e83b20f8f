import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvError } from '@wayfarer/config/env'
import { loadConfig } from '../config'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createCommentablePosts, validComment } from '../http-tests/comments.fixtures'

// TRUST_PROXY=true must not trust every hop, or a client chooses its own address in X-Forwarded-For.
describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of proxy addresses, or true as exactly one hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ])
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(EnvError)
  })

  let server: TestServer
  let postId: number
  beforeAll(async () => {
    server = await startTestServer({
      config: loadConfig({ TRUST_PROXY: 'true' }).trustProxy === 1 ? { trustProxy: 1 } : {},
    })
    postId = (await createCommentablePosts(server.database.prisma)).published.id
  })
  afterAll(() => server.close())

  it('with TRUST_PROXY=true a client cannot pick its own address by prepending to X-Forwarded-For', async () => {
    const submit = (forwardedFor: string, content: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/comments/submit',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: validComment(postId, { content }),
      })
    // The proxy appends the real client (198.51.100.7); whatever the client wrote before it is not trusted.
    expect((await submit('1.1.1.1, 198.51.100.7', 'A first comment from the visitor.')).statusCode).toBe(200)
    const second = await submit('2.2.2.2, 198.51.100.7', 'A second comment, too quickly.')
    expect(second.statusCode).toBe(429)
  })
})
