import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'
import { createStory, gpxOf } from '../http-tests/places.fixtures'

// "View" on a draft opens /blog/{slug}?preview=<signed, expiring token> for the owner only.
let server: TestServer
let clock = new Date('2026-05-01T10:00:00Z')
let draftId: number

beforeAll(async () => {
  server = await startTestServer({
    appShell: {
      'index.html': '<!doctype html><html><head><title>x</title>\n<!--app-head-->\n</head><body></body></html>',
    },
    deps: { now: () => clock },
  })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'secret-draft', title: 'Secret Draft', status: 'draft' },
  ])
  draftId = (await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'secret-draft' } })).id
})
afterAll(() => server.close())

const trpcCall = async (procedure: string, input: unknown, token?: string, method: 'GET' | 'POST' = 'POST') => {
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  const res =
    method === 'POST'
      ? await server.app.inject({ method, url: `/trpc/${procedure}`, payload: input as object, headers })
      : await server.app.inject({
          method,
          url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
  return {
    status: res.statusCode,
    body: res.json() as { result?: { data: Record<string, unknown> }; error?: { message: string } },
  }
}

async function previewLink() {
  const link = await trpcCall('posts.previewLink', { id: draftId }, await server.ownerToken())
  expect(link.status).toBe(200)
  return link.body.result!.data as { token: string; url: string }
}

describe('draft preview', () => {
  it('gives the owner a signed link that shows the draft, and nobody else anything', async () => {
    const { token, url } = await previewLink()
    expect(url).toBe(`/blog/secret-draft?preview=${token}`)
    const shown = await trpcCall('posts.preview', { token }, await server.ownerToken(), 'GET')
    expect(shown.status).toBe(200)
    expect(shown.body.result!.data).toMatchObject({ slug: 'secret-draft', title: 'Secret Draft' })
    // The link alone is not enough: a visitor without the owner's session gets 401.
    expect((await trpcCall('posts.preview', { token }, undefined, 'GET')).status).toBe(401)
    expect((await trpcCall('posts.previewLink', { id: draftId })).status).toBe(401)
    // The public read path still does not know the draft.
    expect((await server.app.inject({ method: 'GET', url: '/api/posts/slug/secret-draft' })).statusCode).toBe(404)
  })

  it('serves the preview page noindex and never cacheable by a shared cache', async () => {
    const { url } = await previewLink()
    const page = await server.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.body).toContain('<meta name="robots" content="noindex" />')
    expect(page.body).toContain('<title>Preview: Secret Draft | Wayfarer</title>')
    // Without the token the draft is the usual 404, and the plain page stays publicly cacheable as before.
    const plain = await server.app.inject({ method: 'GET', url: '/blog/secret-draft' })
    expect(plain.statusCode).toBe(404)
    expect(plain.headers['cache-control']).toBe('no-cache')
  })

  it("shows the owner a draft's route through its preview link, while the public places reads still refuse it", async () => {
    const owner = await server.api.asOwner()
    const { id, slug } = await createStory(server, { title: 'Draft Ridge Walk', status: 'draft' })
    const gpx = gpxOf([
      [46.0, 7.0, 1000],
      [46.01, 7.0, 1100],
      [46.02, 7.01, 1050],
    ])
    const attached = await owner.upload(`/api/posts/${id}/route`, {
      field: 'gpx',
      bytes: new TextEncoder().encode(gpx),
      filename: 'ridge.gpx',
      type: 'application/gpx+xml',
    })
    expect(attached.statusCode).toBe(200)

    // Visitors learn nothing of the draft's route or place, on REST and on tRPC alike.
    for (const url of [`/api/posts/slug/${slug}/route`, `/api/posts/slug/${slug}/place`]) {
      const res = await server.api.get(url)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('46.01')
    }
    expect((await trpcCall('places.storyRoute', { slug }, undefined, 'GET')).status).toBe(404)
    expect((await trpcCall('places.storyRoute', { slug }, await server.ownerToken(), 'GET')).status).toBe(404)

    const link = await trpcCall('posts.previewLink', { id }, await server.ownerToken())
    const { token } = link.body.result!.data as { token: string }
    const shown = await trpcCall('posts.previewPlace', { token }, await server.ownerToken(), 'GET')
    expect(shown.status).toBe(200)
    expect(shown.body.result!.data).toMatchObject({
      place: { slug, has_route: true, latitude: 46, longitude: 7 },
      route: { point_count: 3, elevation_gain_m: 100, bbox: [7, 46, 7.01, 46.02] },
    })
    // The token alone opens nothing, and a draft without a route previews with none.
    expect((await trpcCall('posts.previewPlace', { token }, undefined, 'GET')).status).toBe(401)
    const plain = await previewLink()
    const none = await trpcCall('posts.previewPlace', { token: plain.token }, await server.ownerToken(), 'GET')
    expect(none.body.result!.data).toMatchObject({ place: { slug: 'secret-draft', has_route: false }, route: null })
  })

  it('refuses an expired or forged token', async () => {
    const { token } = await previewLink()
    const forged = token.replace(/^\d+/, String(draftId + 1))
    expect(
      (await trpcCall('posts.preview', { token: forged }, await server.ownerToken(), 'GET')).body.error?.message,
    ).toBe('This preview link is not valid.')
    const page = await server.app.inject({ method: 'GET', url: `/blog/secret-draft?preview=${forged}` })
    expect(page.statusCode).toBe(404)
    expect(page.headers['cache-control']).toBe('private, no-store')

    clock = new Date(clock.getTime() + 61 * 60 * 1000)
    const expired = await trpcCall('posts.preview', { token }, await server.ownerToken(), 'GET')
    expect(expired.status).toBe(404)
    expect(expired.body.error?.message).toBe('This preview link has expired. Open View on the posts list again.')
    expect((await trpcCall('posts.previewPlace', { token }, await server.ownerToken(), 'GET')).status).toBe(404)
  })
})
