import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile, type ImportReport } from '@wayfarer/api'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'
import { DEAD_HOST, startFakeImageHost, type FakeImageHost } from '@wayfarer/fakes/image-host'
import { acceptanceWxr, writeFixture } from '../testing/import-fixtures'

let server: TestServer
let host: FakeImageHost
let file: string
let owner: Api
let dryRun: ImportReport
let first: ImportReport
let second: ImportReport

const get = async (url: string, asOwner = false) => {
  const res = await (asOwner ? owner : server.api).get(url)
  return { status: res.statusCode, body: res.json() }
}
const run = async (dry: boolean) => {
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  // The fake old site is on a loopback port: the owner names its exact origin, as --site-url does.
  return importSiteFile(server.app.deps, file, {
    format: 'wordpress',
    dryRun: dry,
    ownerId: owner.id,
    siteUrl: host.url,
  })
}
const counts = async () => {
  const p = server.database.prisma
  return {
    posts: await p.post.count(),
    comments: await p.comment.count(),
    users: await p.user.count(),
    tags: await p.tag.count(),
    categories: await p.category.count(),
    redirects: await p.redirect.count(),
  }
}

const inScratch = scratchDir('wayfarer-wxr-')
beforeAll(async () => {
  host = await startFakeImageHost()
  server = await startTestServer()
  owner = await server.api.asOwner()
  file = await writeFixture(inScratch('export.xml'), acceptanceWxr(host.url))
  dryRun = await run(true)
  first = await run(false)
  second = await run(false)
}, 120_000)
afterAll(async () => {
  await server.close()
  await host.close()
})

describe('WordPress import (WXR)', () => {
  it('dry run: counts what would be created and why things are skipped, writing nothing', async () => {
    expect(dryRun.dry_run).toBe(true)
    expect(dryRun.counts.posts).toEqual({ created: 49, existing: 0, skipped: 1 })
    expect(dryRun.counts.comments.created).toBe(14)
    expect(dryRun.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'file',
          outcome: 'skipped',
          message: 'pages are not imported unless asked (“Import pages as stories too”, or --include-pages)',
        }),
        expect.objectContaining({
          kind: 'file',
          outcome: 'skipped',
          message: '"nav_menu_item" entries are not stories',
        }),
        expect.objectContaining({
          kind: 'posts',
          ref: 'Post number 50',
          outcome: 'skipped',
          message: 'in the trash on the old site',
        }),
      ]),
    )
    expect(host.requests).toHaveLength(2)
  })

  it('imports 49 stories with categories, tags, authors, comments and images, and reports the rest', async () => {
    expect(first.dry_run).toBe(false)
    expect(first.counts.posts).toEqual({ created: 49, existing: 0, skipped: 1 })
    expect(first.counts.comments).toEqual({ created: 14, existing: 0, skipped: 1 })
    expect(first.counts.authors).toEqual({ created: 2, existing: 0, skipped: 0 })
    expect(first.counts.categories).toEqual({ created: 2, existing: 0, skipped: 0 })
    expect(first.counts.images.created).toBe(2)
    expect(first.remote_images).toContain(`${DEAD_HOST}/wp-content/uploads/lost.png`)
    const notes = first.entries.filter((e) => e.outcome === 'note').map((e) => `${e.ref}: ${e.message}`)
    expect(notes).toEqual(
      expect.arrayContaining([
        'Post number 3: date "14/05/2019 10h" not understood: the import time was used',
        'Post number 4: author "ghost-writer" is not in the export: assigned to you',
        'Same slug two: the slug "same-slug" is taken here: imported as "same-slug-2"',
        'Post number 20: pending review on the old site: imported as a draft',
        'Post number 30: private on the old site: imported as a draft',
        'Harbour Mornings & Night Markets: scripts, styles or event handlers were removed from the content',
        'Harbour Mornings & Night Markets: more than one category: beach-destinations became tags',
      ]),
    )
  })

  it('a second run creates nothing', async () => {
    for (const kind of ['posts', 'comments', 'categories', 'tags', 'authors', 'images', 'redirects'] as const) {
      expect(second.counts[kind].created, kind).toBe(0)
    }
    expect(second.counts.posts.existing).toBe(49)
    expect(second.counts.comments.existing).toBe(14)
    expect(await counts()).toEqual({
      posts: 49,
      comments: 14,
      users: 3,
      tags: 3,
      categories: 2,
      redirects: expect.any(Number),
    })
    expect(host.requests).toHaveLength(2)
  })

  it('each comment’s import record points at that comment (written many to a statement)', async () => {
    const p = server.database.prisma
    const records = await p.importRecord.findMany({
      where: { kind: 'comment', externalId: { in: ['11', '12', '13', '14', '15'] } },
      orderBy: { externalId: 'asc' },
    })
    const authors = await Promise.all(
      records.map(
        async (r) => `${r.externalId} ${(await p.comment.findUniqueOrThrow({ where: { id: r.localId! } })).authorName}`,
      ),
    )
    expect(authors).toEqual(['11 Mia', '12 Sam', '13 Spammer', '14 Old', '15 Alice Walker'])
  })

  it('every field of the rich story through the public API', async () => {
    const { status, body } = await get('/api/posts/slug/harbour-mornings')
    expect(status).toBe(200)
    const post = body.data
    expect(post).toMatchObject({
      title: 'Harbour Mornings & Night Markets',
      excerpt: 'Boats at dawn and squid at night.',
      category_name: 'Travel Tips',
      first_name: 'Alice',
      last_name: 'Walker',
      featured_image: expect.stringMatching(/^\/media\/imports\/\w+\.png$/),
      featured_image_alt: 'Fishing boats in the harbour',
      meta_title: 'Harbour Mornings & Night Markets – Wandering Boots',
      meta_description: 'Dawn boats and night markets in a fishing town.',
      published_at: '2019-05-14T10:00:00.000Z',
      tags: [
        { id: expect.any(Number), name: 'Beach Destinations' },
        { id: expect.any(Number), name: 'Street Food' },
      ],
    })
    expect(post.content).toContain('<p>We arrived before sunrise.<br />\nThe boats were already out.</p>')
    const html = (post.content as string).replace(/>\s+</g, '><')
    expect(html).toContain(
      `<figure><img src="${post.featured_image}" alt="Boats" width="640" height="480" /><figcaption>Boats leaving at dawn</figcaption></figure>`,
    )
    expect(html).toMatch(
      /<figure><img src="\/media\/imports\/\w+\.png" alt="Fishing boats in the harbour" \/><img src="\/media\/imports\/\w+\.png" alt="Market" \/><\/figure>/,
    )
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg"',
    )
    expect(html).toContain('<p>[contact-form-7 id="12" title="Contact"]</p>')
    expect(html).toContain('<a href="/2019/05/post-2/">the next day</a>')
    expect(html).not.toMatch(/<script|alert/)
    const dead = (await get('/api/posts/slug/post-2')).body.data
    expect(dead.featured_image).toBe(`${DEAD_HOST}/wp-content/uploads/lost.png`)
  })

  it('statuses: drafts, a scheduled story, and the public list shows only the published ones', async () => {
    const list = (await get('/api/posts/admin?limit=100', true)).body.data as { slug: string; status: string }[]
    const status = (slug: string) => list.find((p) => p.slug === slug)?.status
    expect([status('post-10'), status('post-20'), status('post-30'), status('post-40'), status('post-2')]).toEqual([
      'draft',
      'draft',
      'draft',
      'scheduled',
      'published',
    ])
    const scheduled = list.find((p) => p.slug === 'post-40')!
    const full = (await get(`/api/posts/admin/${(scheduled as unknown as { id: number }).id}`, true)).body.data
    expect(full.published_at).toBe('2031-01-01T09:00:00.000Z')
    const publicSlugs = ((await get('/api/posts')).body.data as { slug: string }[]).map((p) => p.slug)
    expect(publicSlugs).toHaveLength(45)
    expect(publicSlugs).not.toContain('post-40')
    expect(publicSlugs).toEqual(expect.arrayContaining(['same-slug', 'same-slug-2', 'post-4']))
    const orphan = (await get('/api/posts/slug/post-4')).body.data
    const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
    expect([orphan.first_name, orphan.last_name]).toEqual([owner.firstName, owner.lastName])
  })

  it('comments in every state, replies flattened, through the public and admin APIs', async () => {
    const id = (await get('/api/posts/slug/harbour-mornings')).body.data.id
    const shown = (await get(`/api/comments/post/${id}`)).body.data.comments as {
      author_name: string
      content: string
      author_website: string | null
    }[]
    expect(shown.map((c) => [c.author_name, c.content])).toEqual([
      ['Alice Walker', 'Replying to Mia:\nThanks Mia, glad you like them!'],
      ['Mia', 'Gorgeous photos, thank you!'],
    ])
    const admin = (await get('/api/comments/admin?limit=100', true)).body.data.comments as {
      author_name: string
      author_email: string
      status: string
      content: string
      created_at: string
    }[]
    const byName = (name: string) => admin.find((c) => c.author_name === name)!
    expect(byName('Mia')).toMatchObject({
      status: 'approved',
      author_email: 'mia@example.com',
      created_at: '2019-05-15T09:00:00.000Z',
    })
    expect(byName('Sam')).toMatchObject({ status: 'pending', content: 'Which market was this?' })
    expect(byName('Spammer').status).toBe('spam')
    expect(byName('Old').status).toBe('denied')
    expect(admin.find((c) => c.author_name === 'Other blog')).toBeUndefined()
  })

  it('categories and tags through the taxonomy API, without WordPress’s Uncategorized', async () => {
    const categories = (await get('/api/categories')).body.data as { name: string; slug: string }[]
    expect(categories.map((c) => c.slug).sort()).toEqual(['beach-destinations', 'travel-tips'])
    const tags = (await get('/api/tags')).body.data as { name: string }[]
    expect(tags.map((t) => t.name).sort()).toEqual(['Beach Destinations', 'Hiking', 'Street Food'])
  })
})
