import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createCommentablePosts, validComment } from '../http-tests/comments.fixtures'

// No input reaches the database as a 500, and
// every failure answers in the envelope (docs/product.md, "The REST contract") with the right status.
let server: TestServer
let postId: number
const logLines: string[] = []
const zodWording = /expected|Too big|Too small|Invalid input|received/i

beforeAll(async () => {
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)))
  server = await startTestServer({
    // A minimal web build, so HTML routes render the SPA shell.
    appShell: {
      'index.html': '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
    },
    config: { logLevel: 'info' },
    logStream,
  })
  postId = (await createCommentablePosts(server.database.prisma)).published.id
})
afterAll(() => server.close())

const expectEnvelope = (res: { statusCode: number; json(): unknown }, status: number, error?: RegExp | string) => {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { success: boolean; error: string }
  expect(body).toEqual({ success: false, error: expect.any(String) })
  if (error) expect(body.error).toMatch(error)
  expect(body.error).not.toMatch(zodWording)
}

describe('input policy: NUL and control characters', () => {
  it('refuses a NUL in a query, a path segment and in comment, contact and login bodies with 400', async () => {
    expectEnvelope(await server.app.inject('/api/posts?search=%00'), 400, 'Search must not contain control characters')
    expectEnvelope(await server.app.inject('/api/posts?category=a%01b'), 400, /control characters/)
    expectEnvelope(await server.app.inject('/api/posts/slug/a%00b'), 400, /control characters/)
    // Found by the fuzz suite: the places paths of a story took the slug unchecked to the database (500).
    expectEnvelope(await server.app.inject('/api/posts/slug/a%00b/place'), 400, /control characters/)
    expectEnvelope(await server.app.inject('/api/posts/slug/a%00b/route'), 400, /control characters/)
    const comment = await server.app.inject({
      method: 'POST',
      url: '/api/comments/submit',
      payload: validComment(postId, { content: 'A fine comment\u0000 indeed' }),
    })
    expectEnvelope(comment, 400, /control characters/)
    const contact = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A\u0000', email: 'a@b.co', subject: 'Hi', message: 'Hello' },
    })
    expectEnvelope(contact, 400, /control characters/)
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@wayfarer.test', password: 'x\u0000y' },
    })
    expectEnvelope(login, 400, /control characters/)
    expect(await server.database.prisma.comment.count()).toBe(0)
    expect(await server.database.prisma.contactMessage.count()).toBe(0)
  })

  it('refuses a lone UTF-16 surrogate in any text (a story keywords and title, a comment) with 400 over REST and tRPC', async () => {
    const auth = { authorization: `Bearer ${await server.ownerToken()}`, 'content-type': 'application/json' }
    // JSON.stringify keeps a lone surrogate as the escape \ud800, exactly as a client would send it.
    const story = (fields: object) => JSON.stringify({ title: 'Broken', content: '<p>Text</p>', ...fields })
    for (const fields of [
      { meta_keywords: ['fine', 'half \uD800'] },
      { meta_keywords: 'a,\uDC00b' },
      { title: 'T\uD83D' },
    ]) {
      const rest = await server.app.inject({ method: 'POST', url: '/api/posts', headers: auth, payload: story(fields) })
      expectEnvelope(rest, 400, /broken character \(a lone UTF-16 surrogate\)/)
      const trpc = await server.app.inject({
        method: 'POST',
        url: '/trpc/posts.create',
        headers: auth,
        payload: story(fields),
      })
      expect(trpc.statusCode).toBe(400)
      expect((trpc.json() as { error: { message: string } }).error.message).toMatch(/broken character/)
    }
    const comment = await server.app.inject({
      method: 'POST',
      url: '/api/comments/submit',
      payload: validComment(postId, { content: 'Half an emoji \uD83D here' }),
    })
    expectEnvelope(comment, 400, /broken character/)
    expect(await server.database.prisma.post.count({ where: { title: { startsWith: 'T' } } })).toBe(0)
    expect(await server.database.prisma.post.count({ where: { title: 'Broken' } })).toBe(0)
  })

  it('accepts newlines and tabs in text', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'x-forwarded-for': '203.0.113.40' },
      payload: {
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Hello',
        message: 'Line one\n\tLine two\r\nLine three',
      },
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers a page URL with a NUL as the 404 page, never internal text', async () => {
    const res = await server.app.inject('/blog/a%00b')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).not.toMatch(/prisma|invalid byte|22021|stack/i)
  })
})

describe('input policy: ids and page sizes', () => {
  it('refuses ids beyond an INTEGER column with 400', async () => {
    expectEnvelope(await server.app.inject('/api/comments/post/2147483648'), 400, /out of range/)
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/comments/submit',
      payload: validComment(9007199254740991),
    })
    expectEnvelope(big, 400)
    expectEnvelope(await server.app.inject('/api/comments/post/1?page=99999999999'), 400, /Page/)
    // Found by the fuzz suite (500 before): owner paths with an id beyond the column.
    const auth = { authorization: `Bearer ${await server.ownerToken()}` }
    expectEnvelope(await server.app.inject({ url: '/api/posts/2147483648/route', headers: auth }), 400, /out of range/)
    expectEnvelope(
      await server.app.inject({ method: 'DELETE', url: '/api/posts/2147483648/route', headers: auth }),
      400,
      /out of range/,
    )
    expectEnvelope(
      await server.app.inject({ method: 'DELETE', url: '/api/redirects/2147483648', headers: auth }),
      400,
      /out of range/,
    )
    expectEnvelope(
      await server.app.inject({ url: '/api/redirects?search=%00', headers: auth }),
      400,
      /control characters/,
    )
  })

  it('clamps page sizes to their maximum instead of refusing them', async () => {
    const gallery = await server.app.inject('/api/gallery?limit=1000')
    expect(gallery.statusCode).toBe(200)
    const posts = await server.app.inject('/api/posts?limit=1000')
    expect(posts.statusCode).toBe(200)
    expect((posts.json() as { pagination: { limit: number } }).pagination.limit).toBe(100)
    const comments = await server.app.inject(`/api/comments/post/${postId}?limit=5000`)
    expect((comments.json() as { data: { pagination: { limit: number } } }).data.pagination.limit).toBe(100)
  })

  it('never shows zod wording for a wrong type', async () => {
    expectEnvelope(await server.app.inject('/api/gallery?limit=abc'), 400, 'Limit must be a number')
    expectEnvelope(
      await server.app.inject({ method: 'POST', url: '/trpc/contact.submit', payload: { name: 1 } }).then((r) => ({
        statusCode: r.statusCode,
        json: () => ({ success: false, error: (r.json() as { error: { message: string } }).error.message }),
      })),
      400,
    )
  })
})

describe('error envelope', () => {
  it('answers invalid JSON, an empty body, a wrong content type and a too-large body in the envelope', async () => {
    const json = { 'content-type': 'application/json' }
    expectEnvelope(
      await server.app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: '{"name":' }),
      400,
      'The request body is not valid JSON',
    )
    expectEnvelope(
      await server.app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: '' }),
      400,
      /empty/,
    )
    expectEnvelope(
      await server.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      }),
      415,
      /content type/,
    )
    expectEnvelope(
      await server.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: json,
        payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
      }),
      413,
      /too large/,
    )
    expectEnvelope(
      await server.app.inject({ method: 'POST', url: '/api/contact', headers: json, payload: '{"__proto__":{"x":1}}' }),
      400,
    )
  })

  it('answers malformed and unknown URLs in the envelope', async () => {
    expectEnvelope(await server.app.inject('/api/posts/slug/%E0%A4%A'), 400, 'The URL is malformed')
    expectEnvelope(await server.app.inject('/api/nothing-here'), 404, /No API route/)
    expectEnvelope(await server.app.inject({ method: 'PATCH', url: '/api/posts' }), 404)
    expectEnvelope(await server.app.inject('/media/thumb/none.jpg'), 404)
    const trpc = await server.app.inject('/trpc/no.such.procedure')
    expect(trpc.statusCode).toBe(404)
  })

  it('logs client errors at info without a stack', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    await server.app.inject('/api/posts?search=%00')
    const entries = logLines.map((l) => JSON.parse(l) as { level: number; err?: { stack?: string }; msg: string })
    expect(entries.some((e) => e.msg === 'client error' && e.level === 30)).toBe(true)
    expect(entries.filter((e) => e.level >= 50)).toEqual([])
    expect(logLines.join('\n')).not.toMatch(/\n\s+at /)
  })

  it("logs one line per request (request-log.ts), not Fastify's incoming/completed pair", async () => {
    logLines.length = 0
    await server.app.inject('/api/posts?limit=1')
    const messages = logLines.map((l) => (JSON.parse(l) as { msg: string }).msg)
    expect(messages).toEqual(['GET /api/posts?limit=1 200'])
  })
})

describe('tRPC batches', () => {
  it('never accepts auth.login inside a batch', async () => {
    const calls = 5
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [
        i,
        { email: 'owner@wayfarer.test', password: i === calls - 1 ? 'owner-password-1' : 'wrong' },
      ]),
    )
    const res = await server.app.inject({
      method: 'POST',
      url: `/trpc/${Array(calls).fill('auth.login').join(',')}?batch=1`,
      payload: input,
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).not.toContain('token')
    // A batch of one call is one attempt, as the web client's own batching link may send it.
    const single = await server.app.inject({
      method: 'POST',
      url: '/trpc/auth.login?batch=1',
      payload: { 0: { email: 'owner@wayfarer.test', password: 'owner-password-1' } },
    })
    expect(single.statusCode).toBe(200)
  })

  it('caps the number of calls in one batch', async () => {
    const many = 250
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: many }, (_, i) => [i, {}]))),
    )
    const res = await server.app.inject(`/trpc/${Array(many).fill('posts.published').join(',')}?batch=1&input=${input}`)
    expect(res.statusCode).toBe(400)
    expect(res.body.length).toBeLessThan(2000)
    const ten = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, {}]))))
    expect(
      (await server.app.inject(`/trpc/${Array(10).fill('posts.published').join(',')}?batch=1&input=${ten}`)).statusCode,
    ).toBe(200)
  })
})
