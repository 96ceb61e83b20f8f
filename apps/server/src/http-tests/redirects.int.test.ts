import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile } from '@wayfarer/api'
import { startTestServer, type TestServer } from '../testing/test-server'
import { acceptanceWxr, ghostExport, writeFixture } from '../testing/import-fixtures'

let server: TestServer
let token: string

beforeAll(async () => {
  // Redirects are answered by the SPA fallback: the app shell stands in for apps/web's build.
  server = await startTestServer({ appShell: true })
  const dir = server.webDistDir
  token = await server.ownerToken()
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  const wxr = await writeFixture(path.join(dir, 'site.xml'), acceptanceWxr('https://old-blog.example'))
  await importSiteFile(server.app.deps, wxr, {
    format: 'wordpress',
    dryRun: false,
    ownerId: owner.id,
    copyImages: false,
  })
  const ghost = await writeFixture(path.join(dir, 'ghost.json'), JSON.stringify(ghostExport({ wrapped: true })))
  await importSiteFile(server.app.deps, ghost, {
    format: 'ghost',
    dryRun: false,
    ownerId: owner.id,
    copyImages: false,
    siteUrl: 'https://ghost-blog.example',
  })
}, 120_000)
afterAll(async () => {
  await server.close()
})

const visit = (url: string) => server.app.inject({ method: 'GET', url })
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })

describe('old addresses of imported stories', () => {
  it.each([
    ['/2019/05/harbour-mornings/', '/blog/harbour-mornings'],
    ['/2019/05/harbour-mornings', '/blog/harbour-mornings'],
    ['/?p=1', '/blog/harbour-mornings'],
    ['/?p=1&utm_source=newsletter', '/blog/harbour-mornings'],
    ['/?p=6', '/blog/same-slug-2'],
    ['/?p=40', '/blog/post-40'],
    ['/lisbon-by-tram/', '/blog/lisbon-by-tram'],
  ])('%s answers 301 to %s', async (from, to) => {
    const res = await visit(from)
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe(to)
  })

  it('drafts leave no old address behind, and unknown paths stay 404', async () => {
    expect((await visit('/?p=10')).statusCode).toBe(200)
    expect((await visit('/2019/05/nothing-here/')).statusCode).toBe(404)
  })

  it('a redirect never hides a real page of the site', async () => {
    expect(
      (await api('POST', '/api/redirects', { from_path: '/about', to_path: '/blog/harbour-mornings' })).statusCode,
    ).toBe(200)
    expect((await visit('/about')).statusCode).toBe(200)
  })
})

describe('Admin → Settings → Redirects', () => {
  it('lists, creates, edits and deletes redirects; a full old URL is reduced to its path', async () => {
    const list = (await api('GET', '/api/redirects?search=harbour')).json()
    expect(list.data.map((r: { from_path: string }) => r.from_path).sort()).toEqual([
      '/2019/05/harbour-mornings',
      '/?p=1',
      '/about',
    ])
    const created = (
      await api('POST', '/api/redirects', { from_path: 'https://old-blog.example/best-of/', to_path: '/blog/post-2' })
    ).json()
    expect(created.data).toMatchObject({ from_path: '/best-of', to_path: '/blog/post-2', source: 'manual' })
    expect((await visit('/best-of/')).headers.location).toBe('/blog/post-2')
    expect((await api('POST', '/api/redirects', { from_path: '/best-of', to_path: '/blog/post-3' })).json()).toEqual({
      success: false,
      error: 'There is already a redirect from this address',
    })
    const edited = await api('PUT', `/api/redirects/${created.data.id}`, {
      from_path: '/best-of',
      to_path: '/blog/post-3',
    })
    expect(edited.json().data.to_path).toBe('/blog/post-3')
    expect((await visit('/best-of')).headers.location).toBe('/blog/post-3')
    expect((await api('DELETE', `/api/redirects/${created.data.id}`)).statusCode).toBe(200)
    expect((await visit('/best-of')).statusCode).toBe(404)
    expect((await api('DELETE', `/api/redirects/${created.data.id}`)).statusCode).toBe(404)
  })

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'evil.example',
    '',
  ])('refuses to point a redirect off-site: %j', async (target) => {
    const res = await api('POST', '/api/redirects', { from_path: '/go', to_path: target })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe(
      'A redirect can only lead to a page of this site: enter a path starting with / (not another site)',
    )
  })

  it('never follows an off-site target that reached the database some other way', async () => {
    await server.database.prisma.redirect.create({ data: { fromPath: '/sneaky', toPath: '//evil.example/phish' } })
    const res = await visit('/sneaky')
    expect(res.statusCode).toBe(404)
    expect(res.headers.location).toBeUndefined()
  })

  it('refuses old addresses that are not paths of a site', async () => {
    const res = await api('POST', '/api/redirects', { from_path: '//evil.example', to_path: '/blog/post-2' })
    expect(res.json()).toEqual({
      success: false,
      error: 'The old address must be a path on this site, starting with /',
    })
  })
})

describe('redirect targets and loops', () => {
  it('sends a target with characters beyond Latin-1 percent-encoded', async () => {
    for (const [from, to, location] of [
      ['/old-japan', '/日本', '/%E6%97%A5%E6%9C%AC'],
      ['/old-cafe', '/blog/café?q=crème', '/blog/caf%C3%A9?q=cr%C3%A8me'],
      ['/old-escaped', '/blog/caf%C3%A9', '/blog/caf%C3%A9'],
    ] as const) {
      expect((await api('POST', '/api/redirects', { from_path: from, to_path: to })).statusCode).toBe(200)
      const res = await visit(from)
      expect([from, res.statusCode, res.headers.location]).toEqual([from, 301, location])
    }
    // The old address itself may be written in any script too.
    expect((await api('POST', '/api/redirects', { from_path: '/東京', to_path: '/blog/post-2' })).statusCode).toBe(200)
    expect((await visit('/%E6%9D%B1%E4%BA%AC')).headers.location).toBe('/blog/post-2')
  })

  const loop = {
    success: false,
    error: 'This redirect would send visitors round in a circle: its target leads back to the old address',
  }

  it('refuses a redirect to its own old address, however the target is spelled', async () => {
    for (const to of ['/circle?', '/circle/', '/%63ircle']) {
      const res = await api('POST', '/api/redirects', { from_path: '/circle', to_path: to })
      expect([to, res.statusCode]).toEqual([to, 400])
      expect(res.json()).toEqual({ success: false, error: 'The old and the new address are the same' })
    }
  })

  it('refuses two redirects to each other and a chain back to its start, on create and on edit', async () => {
    expect((await api('POST', '/api/redirects', { from_path: '/ping', to_path: '/pong' })).statusCode).toBe(200)
    const back = await api('POST', '/api/redirects', { from_path: '/pong', to_path: '/ping/' })
    expect([back.statusCode, back.json()]).toEqual([400, loop])
    expect((await api('POST', '/api/redirects', { from_path: '/one', to_path: '/two' })).statusCode).toBe(200)
    expect((await api('POST', '/api/redirects', { from_path: '/two', to_path: '/three?x=1' })).statusCode).toBe(200)
    const closing = await api('POST', '/api/redirects', { from_path: '/three', to_path: '/one' })
    expect([closing.statusCode, closing.json()]).toEqual([400, loop])
    // Editing an existing redirect into a loop is refused as well, and nothing is changed.
    const harmless = await api('POST', '/api/redirects', { from_path: '/three', to_path: '/blog/post-2' })
    const id = (harmless.json() as { data: { id: number } }).data.id
    const edited = await api('PUT', `/api/redirects/${id}`, { from_path: '/three', to_path: '/one' })
    expect([edited.statusCode, edited.json()]).toEqual([400, loop])
    expect((await visit('/three')).headers.location).toBe('/blog/post-2')
    // A chain that ends somewhere is fine.
    expect((await visit('/one')).headers.location).toBe('/two')
  })
})
