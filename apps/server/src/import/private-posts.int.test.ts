import path from 'node:path'
import { SaxesParser } from 'saxes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile, type ImportReport } from '@wayfarer/api'
import { startTestServer, type TestServer } from '../testing/test-server'

// What an author kept from the public on the old site stays private here: WordPress's password-protected posts
// and Ghost's members-only, paid and tier posts come in as drafts, listed in the report with the reason. The
// fixtures are based on WordPress's theme unit test export and Ghost's own v4 export (fixtures/README.md).
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ appShell: true })
}, 60_000)
afterAll(() => server.close())

async function run(file: string, format: 'wordpress' | 'ghost'): Promise<ImportReport> {
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  // The fixtures' images are on the internet: nothing is fetched.
  return importSiteFile(server.app.deps, file, { format, dryRun: false, ownerId: owner.id, copyImages: false })
}

/** Everything a visitor can read: the public API (lists, search, each story), the feed and the sitemap. */
async function publicText(slugs: string[]): Promise<string> {
  const paths = [
    '/api/posts',
    '/api/posts?include=content&limit=100',
    '/api/posts?search=password',
    '/api/posts?search=members',
    '/trpc/posts.cards?input=%7B%7D',
    '/rss.xml',
    '/sitemap.xml',
    ...slugs.flatMap((slug) => [`/api/posts/slug/${slug}`, `/blog/${slug}`]),
  ]
  const bodies = await Promise.all(paths.map(async (url) => (await server.app.inject(url)).body))
  for (const feed of ['/rss.xml', '/sitemap.xml']) {
    const parser = new SaxesParser()
    parser.on('error', (error) => {
      throw new Error(`${feed} is not well-formed XML: ${error.message}`)
    })
    parser.write((await server.app.inject(feed)).body).close()
  }
  return bodies.join('\n')
}

const noteOf = (report: ImportReport, ref: string) =>
  report.entries.filter((e) => e.ref === ref && e.outcome === 'note').map((e) => e.message)

describe('private stays private on import', () => {
  it('WordPress theme unit test: the password-protected post is a draft; the future one scheduled; comments and pingbacks', async () => {
    const report = await run(fixture('wordpress-theme-unit-test.xml'), 'wordpress')
    const protectedTitle = 'Template: Password Protected (the password is "enter")'
    expect(noteOf(report, protectedTitle)).toContain(
      'password-protected on the old site: imported as a draft (the password is not imported)',
    )
    expect(report.counts.posts).toEqual({ created: 8, existing: 0, skipped: 0 })
    // 20 comments on "Template: Comments", 1 on the protected post, 1 beside the 2 pingbacks and 2 trackbacks,
    // which are left out.
    expect(report.counts.comments).toEqual({ created: 22, existing: 0, skipped: 4 })
    const status = async (slug: string) =>
      (await server.database.prisma.post.findUniqueOrThrow({ where: { slug } })).status
    expect(await status('template-password-protected')).toBe('draft')
    expect(await status('scheduled')).toBe('scheduled')
    expect(await status('template-comments')).toBe('published')

    const visible = await publicText(['template-password-protected', 'scheduled', 'draft'])
    for (const secret of [
      'template-password-protected',
      'Password Protected',
      'should not be visible until the password is entered',
      'This post is scheduled to be published in the future',
    ])
      expect(visible).not.toContain(secret)
    expect(visible).toContain('template-comments')
    // Its old address does not lead anywhere either.
    expect((await server.app.inject('/2012/01/04/template-password-protected/')).statusCode).not.toBe(301)
    const id = (await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'template-password-protected' } }))
      .id
    expect((await server.app.inject(`/api/comments/post/${id}`)).statusCode).toBe(404)
  })

  it('Ghost v4 export: the paid, members-only and tier posts are drafts; the members are not imported', async () => {
    const report = await run(fixture('ghost-v4-members-paid.json'), 'ghost')
    expect(report.counts.posts).toEqual({ created: 4, existing: 0, skipped: 0 })
    expect(noteOf(report, 'Selling premium memberships with recurring revenue')).toContain(
      'only for paying members on the old site: imported as a draft',
    )
    expect(noteOf(report, 'Building your audience with subscriber signups')).toContain(
      'only for members on the old site: imported as a draft',
    )
    expect(noteOf(report, 'Field notes for the Explorer tier')).toContain(
      'only for members of some tiers on the old site: imported as a draft',
    )
    const statuses = await server.database.prisma.post.findMany({
      where: { slug: { in: ['integrations', 'sell', 'portal', 'explorer-field-notes'] } },
      select: { slug: true, status: true },
      orderBy: { slug: 'asc' },
    })
    expect(statuses).toEqual([
      { slug: 'explorer-field-notes', status: 'draft' },
      { slug: 'integrations', status: 'published' },
      { slug: 'portal', status: 'draft' },
      { slug: 'sell', status: 'draft' },
    ])
    const visible = await publicText(['sell', 'portal', 'explorer-field-notes'])
    for (const secret of [
      'Hold back some of the best bits for paying members only',
      'Selling premium memberships',
      'Building your audience with subscriber signups',
      'Coordinates of the hut',
    ])
      expect(visible).not.toContain(secret)
    expect(visible).toContain('Setting up apps and custom integrations')
    expect((await server.app.inject('/sell/')).statusCode).not.toBe(301)
    expect(await server.database.prisma.user.count({ where: { email: { contains: 'member@example.com' } } })).toBe(0)
    expect(await server.database.prisma.newsletterSubscriber.count()).toBe(0)
  })
})
