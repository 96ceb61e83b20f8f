import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// Security headers on HTML, API, media, feeds and errors; a CSP that allows the page's
// own JSON-LD by hash (deterministic per body, so cached pages stay valid).
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    appShell: {
      'index.html':
        '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    },
    config: { publicUrl: 'https://travels.example.com' },
  })
  await createReadingFixtures(server.database.prisma, [{ slug: 'lisbon-trams', title: 'Lisbon by Tram' }])
})
afterAll(() => server.close())

const common = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/)
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    for (const url of [
      '/',
      '/blog/lisbon-trams',
      '/no-such-page',
      '/api/posts',
      '/api/nothing',
      '/trpc/posts.published',
      '/rss.xml',
      '/media/thumb/x.jpg',
      '/api/posts?search=%00',
    ]) {
      const res = await server.app.inject(url)
      common(res.headers)
    }
  })

  it('give pages a strict CSP that allows only their own JSON-LD by hash', async () => {
    const res = await server.app.inject('/blog/lisbon-trams')
    const csp = String(res.headers['content-security-policy'])
    const scripts = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    )
    expect(scripts.length).toBeGreaterThan(0)
    for (const body of scripts) expect(csp).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/)
    // Pictures kept at other sites show (any https address); plain http ones and other schemes do not.
    expect(csp).toMatch(/img-src 'self' data: blob: https: https:\/\/i\.ytimg\.com/)
    expect(csp).not.toMatch(/img-src[^;]* (http:|\*)[ ;]/)
    expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/www\.youtube\.com/)
    // Only the video player's reachability check leaves the site, to the one host its frame loads from.
    expect(csp).toMatch(/connect-src 'self' https:\/\/www\.youtube-nocookie\.com;/)
    expect(csp).toMatch(/object-src 'none'/)
    // Deterministic per body: the same page gets the same policy (a cache of whole answers stays valid).
    expect((await server.app.inject('/blog/lisbon-trams')).headers['content-security-policy']).toBe(csp)
  })

  it('lock everything that is not a page down completely', async () => {
    const res = await server.app.inject('/api/posts')
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    )
  })
})

describe('with raster map tiles configured (MAP_TILES_URL)', () => {
  it('lets pages load images from the tile server only, and tells the map to use it', async () => {
    const tiles = { url: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: '© Example contributors' }
    const withTiles = await startTestServer({ config: { webDistDir: server.webDistDir, mapTiles: tiles } })
    try {
      const imgSrc = (csp: unknown) =>
        String(csp)
          .match(/img-src ([^;]*)/)?.[1]
          ?.split(' ') ?? []
      expect(imgSrc((await withTiles.app.inject('/map')).headers['content-security-policy'])).toContain(
        'https://tile.example.org',
      )
      expect(imgSrc((await server.app.inject('/map')).headers['content-security-policy'])).not.toContain(
        'https://tile.example.org',
      )
      expect((await withTiles.app.inject('/api/places/settings')).json().data).toEqual({ tiles, precision: 2 })
    } finally {
      await withTiles.close()
    }
  })
})
