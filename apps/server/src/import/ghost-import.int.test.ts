import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile } from '@wayfarer/api'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'
import { startFakeImageHost, type FakeImageHost } from '@wayfarer/fakes/image-host'
import { ghostExport, writeFixture } from '../testing/import-fixtures'

let host: FakeImageHost
const inScratch = scratchDir('wayfarer-ghost-')
beforeAll(async () => {
  host = await startFakeImageHost()
})
afterAll(() => host.close())

describe.each([
  ['with the {db:[…]} wrapper', true],
  ['without the wrapper', false],
])('Ghost import %s', (_name, wrapped) => {
  let server: TestServer
  let file: string
  beforeAll(async () => {
    server = await startTestServer()
    file = await writeFixture(inScratch(`ghost-${wrapped}.json`), JSON.stringify(ghostExport({ wrapped })))
  })
  afterAll(() => server.close())
  const run = async () => {
    const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
    return importSiteFile(server.app.deps, file, {
      format: 'ghost',
      dryRun: false,
      ownerId: owner.id,
      siteUrl: host.url,
    })
  }
  const get = async (url: string, auth = false) =>
    (
      await server.app.inject({
        method: 'GET',
        url,
        headers: auth ? { authorization: `Bearer ${await server.ownerToken()}` } : {},
      })
    ).json()

  it('imports posts with html or Lexical, tags without internal ones, authors, images and SEO fields; a second run creates nothing', async () => {
    const first = await run()
    expect(first.counts.posts).toEqual({ created: 4, existing: 0, skipped: 0 })
    expect(first.counts.tags).toEqual({ created: 2, existing: 0, skipped: 0 })
    expect(first.counts.images.created).toBe(2)
    expect(first.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ref: 'Hills Without HTML', message: 'cards left out: product' }),
      ]),
    )

    const tram = (await get('/api/posts/slug/lisbon-by-tram')).data
    expect(tram).toMatchObject({
      title: 'Lisbon by Tram',
      excerpt: 'Yellow trams and steep hills.',
      featured_image: expect.stringMatching(/^\/media\/imports\/\w+\.png$/),
      featured_image_alt: 'A yellow tram',
      meta_title: 'Lisbon by Tram | Ghost Blog',
      meta_description: 'Riding tram 28 through Lisbon.',
      published_at: '2021-02-02T08:00:00.000Z',
      created_at: '2021-02-01T08:00:00.000Z',
      first_name: 'Inês Costa',
      last_name: 'Silva',
      tags: [
        { id: expect.any(Number), name: 'Portugal' },
        { id: expect.any(Number), name: 'Trams' },
      ],
    })
    expect(tram.content).toContain('<a href="/porto-weekend/">to Graça</a>')
    expect(tram.content).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">')
    expect(tram.content).not.toContain('__GHOST_URL__')

    const hills = (await get('/api/posts/slug/hills-without-html')).data
    expect(hills.content).toContain('<p><strong>Bold </strong>and plain.</p>')
    expect(hills.content).toContain('<h2>Into the hills</h2>')
    expect(hills.content).toMatch(
      /<figure><img src="\/media\/imports\/\w+\.png" alt="Green hills" \/><figcaption>Morning haze<\/figcaption><\/figure>/,
    )
    expect(hills.content).toContain('<p>Raw card</p>')
    expect(hills.content).not.toMatch(/script|onclick/)

    const admin = (await get('/api/posts/admin?limit=50', true)).data as { slug: string; status: string }[]
    expect(admin.map((p) => [p.slug, p.status]).sort()).toEqual([
      ['coming-soon', 'scheduled'],
      ['draft-notes', 'draft'],
      ['hills-without-html', 'published'],
      ['lisbon-by-tram', 'published'],
    ])
    const tags = (await get('/api/tags')).data as { name: string }[]
    expect(tags.map((t) => t.name)).not.toContain('#newsletter')

    const second = await run()
    expect(Object.values(second.counts).every((c) => c.created === 0)).toBe(true)
    expect(await server.database.prisma.post.count()).toBe(4)
  })
})
