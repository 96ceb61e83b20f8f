import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SaxesParser } from 'saxes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile } from '@wayfarer/api'
import { defaultWxrSite, plainWxrPost, wxrDocument } from '@wayfarer/api/import-fixtures'
import { startTestServer, type TestServer } from '../testing/test-server'

// Imported text passes the input policy typed text passes: control characters (and a broken UTF-16 half) are
// removed, so the feed and the sitemap stay well-formed XML and no story is refused by the database for a NUL.
let server: TestServer
let dir: string
beforeAll(async () => {
  server = await startTestServer({ appShell: true })
  dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-text-'))
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

const ghost = {
  data: {
    posts: [
      {
        id: 'g1',
        title: 'Bells\u0007 and\u0000 whistles \uD800',
        slug: 'bells',
        status: 'published',
        html: '<p>Body\u0005 text</p>',
        custom_excerpt: 'Ex\u001bcerpt',
        meta_title: 'Meta\u0001 title',
        meta_description: 'Desc\u0002ription',
        created_at: '2021-01-01T00:00:00.000Z',
        published_at: '2021-01-01T00:00:00.000Z',
      },
      {
        id: 'g2',
        title: 'Quiet\u0007 bells',
        slug: 'quiet',
        status: 'published',
        html: '<p>A quiet one.</p>',
        created_at: '2021-01-02T00:00:00.000Z',
        published_at: '2021-01-02T00:00:00.000Z',
      },
    ],
    tags: [{ id: 't1', name: 'Ta\u0003gged', slug: 'tagged', visibility: 'public' }],
    posts_tags: [{ post_id: 'g1', tag_id: 't1' }],
    users: [{ id: 'u1', name: 'In\u0004ês Costa', email: 'ines@old.test', slug: 'ines' }],
    posts_authors: [{ post_id: 'g1', author_id: 'u1' }],
    posts_meta: [{ post_id: 'g1', feature_image_alt: 'Alt\u0006 text' }],
  },
}

async function importFile(name: string, text: string, format: 'wordpress' | 'ghost') {
  const file = path.join(dir, name)
  await writeFile(file, text)
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  return importSiteFile(server.app.deps, file, { format, dryRun: false, ownerId: owner.id, copyImages: false })
}

function wellFormed(xml: string): string | null {
  const parser = new SaxesParser()
  let error: string | null = null
  parser.on('error', (e) => {
    error ??= e.message
  })
  parser.write(xml).close()
  return error
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

describe('imported text under the input policy', () => {
  it('cleans control characters and broken characters from every field of a Ghost export, and says so', async () => {
    const report = await importFile('ghost.json', JSON.stringify(ghost), 'ghost')
    expect(report.counts.posts).toEqual({ created: 2, existing: 0, skipped: 0 })
    expect(report.entries).toContainEqual({
      kind: 'posts',
      ref: 'Bells and whistles \uFFFD',
      outcome: 'note',
      message:
        'control characters or broken characters were removed from its title, content, excerpt, featured image alt text, meta title, meta description',
    })
    const post = await server.database.prisma.post.findUniqueOrThrow({
      where: { slug: 'bells' },
      include: { author: true, tags: { include: { tag: true } } },
    })
    expect(post).toMatchObject({
      title: 'Bells and whistles \uFFFD',
      excerpt: 'Excerpt',
      metaTitle: 'Meta title',
      metaDescription: 'Description',
      featuredImageAlt: 'Alt text',
    })
    expect(post.content).toBe('<p>Body text</p>')
    expect(post.author.firstName).toBe('Inês')
    expect(post.tags.map((t) => t.tag.name)).toEqual(['Tagged'])
  })

  it('removes character references to control characters (&#x1;) from a WXR, as repairs with their line', async () => {
    const wxr = wxrDocument(defaultWxrSite('https://old.example'), [
      { ...plainWxrPost(1), title: 'TITLE_HERE' },
    ]).replace('<![CDATA[TITLE_HERE]]>', 'Char&#x1; ref &#x1F; title')
    const report = await importFile('refs.xml', wxr, 'wordpress')
    expect(report.counts.posts.created).toBe(1)
    const line = wxr.slice(0, wxr.indexOf('Char&#x1;')).split('\n').length
    expect(report.repairs).toEqual([
      { line, message: 'control characters (not allowed in XML) were removed (2 times)' },
    ])
    expect(await server.database.prisma.post.findUnique({ where: { slug: 'day-1-on-the-road' } })).toMatchObject({
      title: 'Char ref  title',
    })
  })

  it('the feed, the sitemap and the public API stay well-formed and free of control characters', async () => {
    for (const url of ['/rss.xml', '/sitemap.xml']) {
      const res = await server.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(wellFormed(res.body), url).toBeNull()
      expect(res.body).toContain(url === '/rss.xml' ? 'Quiet bells' : '/blog/quiet')
    }
    const list = await server.app.inject('/api/posts?include=content')
    expect(list.body).toContain('Char ref  title')
    expect(
      JSON.parse(list.body, (_key, value: unknown) => {
        if (typeof value === 'string') expect(value).not.toMatch(CONTROL)
        return value
      }),
    ).toBeTruthy()
  })
})
