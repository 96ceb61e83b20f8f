import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// The public-read cache keeps only the one form of an answer every visitor gets (docs/security.md, "Public-read
// cache"): a request asking for another form, a draft preview in any spelling, and a streamed answer pass by it.
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ config: { publicCache: true }, appShell: true })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'el-nido', title: 'Island Hopping in El Nido', daysAgo: 2 },
    { slug: 'secret-draft', title: 'Secret Draft Title', status: 'draft' },
  ])
})
afterAll(() => server.close())

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers })
/** What the web app sends for one query in a tick: a batch of one, no special Accept. */
const batchOfOne = `/trpc/posts.cards?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`
const cardTitles = (body: string) =>
  (JSON.parse(body) as { result: { data: { cards: { title: string }[] } } }[])[0]!.result.data.cards.map((c) => c.title)

describe('public-read cache: one form per address', () => {
  for (const [name, headers] of [
    ['Accept: application/jsonl', { accept: 'application/jsonl' }],
    ['Accept listing application/jsonl among others', { accept: 'application/json, application/jsonl' }],
    ['trpc-accept: application/jsonl', { 'trpc-accept': 'application/jsonl' }],
  ] as const) {
    it(`never keeps a streamed answer asked for with ${name}, and the web app's next read is plain JSON`, async () => {
      // Any write drops what the previous case kept.
      await server.app.deps.prisma.tag.update({ where: { slug: 'budget' }, data: { name: 'Budget' } })
      const streamed = await get(batchOfOne, headers)
      expect(streamed.statusCode).toBe(200)
      // One framing only: a streamed answer has no length, a whole one no chunked encoding.
      expect(streamed.headers['content-length'] && streamed.headers['transfer-encoding']).toBeFalsy()
      expect(streamed.headers['x-cache']).toBeUndefined()
      const plain = await get(batchOfOne)
      expect(plain.headers['x-cache']).toBe('MISS')
      expect(cardTitles(plain.body)).toEqual(['Island Hopping in El Nido'])
      const again = await get(batchOfOne, headers)
      expect(again.headers['x-cache']).toBeUndefined()
      const hit = await get(batchOfOne)
      expect([hit.headers['x-cache'], hit.body]).toEqual(['HIT', plain.body])
      expect(hit.headers['content-length'] && hit.headers['transfer-encoding']).toBeFalsy()
      // Shared caches downstream are told what the answer depends on.
      expect(String(hit.headers.vary)).toMatch(/accept-encoding/i)
      expect(String(hit.headers.vary)).toMatch(/trpc-accept/i)
    })
  }

  it('streams what is asked for streamed, without a length, when the cache is not involved', async () => {
    const owner = { authorization: `Bearer ${await server.ownerToken()}` }
    const streamed = await get(batchOfOne, { ...owner, 'trpc-accept': 'application/jsonl' })
    expect(streamed.statusCode).toBe(200)
    expect(streamed.headers['transfer-encoding']).toBe('chunked')
    expect(streamed.headers['content-length']).toBeUndefined()
    const whole = await get(batchOfOne, owner)
    expect(whole.headers['content-length'] && whole.headers['transfer-encoding']).toBeFalsy()
  })
})

describe('public-read cache: draft previews', () => {
  async function previewToken() {
    const id = (await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'secret-draft' } })).id
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/posts.previewLink',
      headers: { authorization: `Bearer ${await server.ownerToken()}` },
      payload: { id },
    })
    return (res.json() as { result: { data: { token: string } } }).result.data.token
  }

  for (const spelling of ['preview', '%70review', 'pr%65view', '%70%72%65%76%69%65%77']) {
    it(`never keeps a preview page asked for as ?${spelling}=…`, async () => {
      const url = `/blog/secret-draft?${spelling}=${await previewToken()}`
      const owner = await get(url)
      expect(owner.statusCode).toBe(200)
      expect(owner.headers['cache-control']).toBe('private, no-store')
      expect(owner.headers['x-cache']).toBeUndefined()
      const visitor = await get(url)
      expect(visitor.headers['x-cache']).toBeUndefined()
    })
  }

  it('never keeps a page whose query names a preview without a value', async () => {
    await get('/blog/el-nido?%70review')
    expect((await get('/blog/el-nido?%70review')).headers['x-cache']).toBeUndefined()
  })
})

describe('tRPC batch guard', () => {
  const login = { email: 'owner@wayfarer.test', password: 'wrong-password-1' }
  const body = JSON.stringify({ 0: login, 1: login })

  /** One request written on a real socket, so the request line reaches the server exactly as given. */
  async function rawPost(port: number, target: string): Promise<{ status: number; body: string }> {
    const socket = connect(port, '127.0.0.1')
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
    let answer = ''
    for await (const chunk of socket) answer += String(chunk)
    const [head = '', ...rest] = answer.split('\r\n\r\n')
    return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: rest.join('\r\n\r\n') }
  }

  it('refuses sign-in inside a batch whatever form the request line takes', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (server.app.server.address() as AddressInfo).port
    for (const target of [
      '/trpc/auth.login,auth.login?batch=1',
      `http://127.0.0.1:${port}/trpc/auth.login,auth.login?batch=1`,
      'http://elsewhere.example/trpc/auth.login,auth.login?batch=1',
      '/trpc/auth.login%2Cauth.login?batch=1',
      'http://elsewhere.example/trpc/auth.login%2cauth.login?batch=1',
    ]) {
      const res = await rawPost(port, target)
      expect([target, res.status]).toEqual([target, 400])
      expect(res.body).toContain('auth.login cannot be sent in a batch: send it on its own')
    }
  })
})
