import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// Every text answer above 1 KB is compressed when the client accepts it — an asset
// (compressed at build time), an API answer and a page (compressed per request).
let server: TestServer
const script = `console.log(${JSON.stringify('a travel story '.repeat(300))})\n`

beforeAll(async () => {
  // A stand-in for apps/web's build: index.html, one hashed script and the copies the build step writes.
  server = await startTestServer({
    appShell: {
      'index.html': `<!doctype html><html><head>\n<!--app-head-->\n</head><body><div id="root"></div></body></html>`,
      'assets/app-abc123.js': script,
      'assets/app-abc123.js.br': brotliCompressSync(script),
      'assets/app-abc123.js.gz': gzipSync(script),
    },
  })
  await createReadingFixtures(server.database.prisma, [
    {
      slug: 'long-road',
      title: 'The Long Road North',
      category: 'adventure',
      daysAgo: 1,
      excerpt: 'Fjords and ferries. '.repeat(40),
    },
    {
      slug: 'longer-road',
      title: 'The Longer Road South',
      category: 'adventure',
      daysAgo: 2,
      content: Array.from({ length: 600 }, (_, i) => `<p>Day ${i}: a lake, a pass, a town.</p>`).join(''),
    },
  ])
})
afterAll(() => server.close())

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8')

describe('compression', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'Accept-Encoding %s: the asset, an API answer and a page come %s-compressed, and decode to the real answer',
    async (accept, expected) => {
      // Answers under 16 KB are compressed on the event loop, larger ones on zlib's thread pool: both are here.
      const large = '/api/posts/slug/longer-road'
      expect((await get(large)).rawPayload.length).toBeGreaterThan(16 * 1024)
      expect((await get('/api/posts/slug/long-road')).rawPayload.length).toBeLessThan(16 * 1024)
      for (const url of [
        '/assets/app-abc123.js',
        '/api/posts',
        '/blog/long-road',
        '/api/posts/slug/long-road',
        large,
      ]) {
        const plain = await get(url)
        const packed = await get(url, accept)
        expect([url, packed.statusCode, packed.headers['content-encoding']]).toEqual([url, 200, expected])
        expect(packed.headers.vary).toMatch(/accept-encoding/i)
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.rawPayload.length).toBeGreaterThan(1024)
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
        // A story's answer counts the view it answers.
        const uncounted = (body: string) => body.replace(/"view_count":\d+/, '')
        expect(uncounted(decode(expected, packed.rawPayload))).toBe(uncounted(plain.body))
      }
    },
  )

  it('keeps the page’s security policy, computed before compressing', async () => {
    const [plain, packed] = [await get('/blog/long-road'), await get('/blog/long-road', 'br')]
    expect(packed.headers['content-security-policy']).toBe(plain.headers['content-security-policy'])
    expect(plain.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
  })

  it('leaves small answers and clients that accept nothing alone', async () => {
    const small = await get('/api/health', 'br, gzip')
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined])
    expect((await get('/api/posts', 'identity')).headers['content-encoding']).toBeUndefined()
  })
})
