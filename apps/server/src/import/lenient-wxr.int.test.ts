import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile, ImportFileError, type ImportReport } from '@wayfarer/api'
import { defaultWxrSite, plainWxrPost, wxrDocument } from '@wayfarer/api/import-fixtures'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'

// Real exports carry a bare "&", a control character or a stray byte; WordPress's own importer reads them.
// The two fixtures come from the Ghost team's WordPress migrator (see fixtures/README.md): before this, both
// were refused whole for the bare "&" of an attachment URL on line 109.
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name)
const UNSPLASH =
  'https://images.unsplash.com/photo-1601276861758-2d9c5ca69a17?ixlib=rb-1.2.1&ixid=eyJhcHBfaWQiOjEyMDd9&auto=format&fit=crop&w=1268&q=80'

let server: TestServer
const inScratch = scratchDir('wayfarer-lenient-')
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function run(file: string, dryRun: boolean): Promise<ImportReport> {
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  // No image is fetched: these addresses are on the internet.
  return importSiteFile(server.app.deps, file, { format: 'wordpress', dryRun, ownerId: owner.id, copyImages: false })
}
const clear = async () => {
  await server.database.prisma.importRecord.deleteMany()
  await server.database.prisma.redirect.deleteMany()
  await server.database.prisma.post.deleteMany()
}

describe('WordPress exports with well-known damage are read, and the repairs reported', () => {
  it.each(['mg-wp-xml-sample.xml', 'mg-wp-xml-sample-no-slug.xml'])(
    'the Ghost migrator fixture %s imports, its bare "&" repaired on lines 109 and 110',
    async (name) => {
      const repairs = [
        { line: 109, message: 'a bare “&” was read as “&amp;” (5 times)' },
        { line: 110, message: 'a bare “&” was read as “&amp;” (5 times)' },
      ]
      const dry = await run(fixture(name), true)
      expect(dry.repairs).toEqual(repairs)
      expect(dry.counts.posts).toEqual({ created: 3, existing: 0, skipped: 0 })
      expect(await server.database.prisma.post.count()).toBe(0)

      const report = await run(fixture(name), false)
      expect(report.repairs).toEqual(repairs)
      expect(report.more_repairs).toBe(0)
      expect(report.counts.posts).toEqual({ created: 3, existing: 0, skipped: 0 })
      const basic = await server.database.prisma.post.findFirstOrThrow({ where: { title: 'Basic Post' } })
      // The repaired "&" reads back as the "&" the URL had.
      expect(basic.featuredImage).toBe(UNSPLASH)
      expect(basic.status).toBe('published')
      await clear()
    },
  )

  it('a WXR with a bare "&", control characters and an invalid byte imports, each repair listed with its line', async () => {
    const text = wxrDocument(defaultWxrSite('https://old.example'), [
      { ...plainWxrPost(1), title: 'Fish BELL_CHAR chips' },
      { ...plainWxrPost(2), title: 'Salt and pepper', link: 'https://old.example/?p=2&lang=en' },
      { ...plainWxrPost(3), title: 'CafBROKEN_BYTE au lait' },
    ])
      .replace('<link>https://old.example/?p=2&lang=en</link>', '<link>https://old.example/?p=2&lang=en&amp;x=1</link>')
      .replace('<title><![CDATA[Salt and pepper]]></title>', '<title>Salt & pepper</title>')
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length
    const bytes = Buffer.concat(
      text
        .split(/(BELL_CHAR|BROKEN_BYTE)/)
        .map((part) =>
          part === 'BELL_CHAR'
            ? Buffer.from('\u0007\u000b')
            : part === 'BROKEN_BYTE'
              ? Buffer.from([0xe9])
              : Buffer.from(part),
        ),
    )
    const file = inScratch('damaged.xml')
    await writeFile(file, bytes)
    const expected = [
      { line: lineOf('BELL_CHAR'), message: 'control characters (not allowed in XML) were removed (2 times)' },
      { line: lineOf('<link>https://old.example/?p=2&lang'), message: 'a bare “&” was read as “&amp;”' },
      { line: lineOf('<title>Salt & pepper'), message: 'a bare “&” was read as “&amp;”' },
      { line: lineOf('BROKEN_BYTE'), message: 'bytes that are not valid UTF-8 were replaced with “�”' },
    ].sort((a, b) => a.line - b.line)

    expect((await run(file, true)).repairs).toEqual(expected)
    const report = await run(file, false)
    expect(report.repairs).toEqual(expected)
    expect(report.counts.posts.created).toBe(3)
    const titles = (await server.database.prisma.post.findMany({ orderBy: { id: 'asc' } })).map((p) => p.title)
    expect(titles).toEqual(['Fish  chips', 'Salt & pepper', 'Caf\uFFFD au lait'])
    await clear()
  })

  it('a DTD stays refused, also in a file that needed repairs', async () => {
    const text = wxrDocument(defaultWxrSite('https://old.example'), [{ ...plainWxrPost(1), title: 'A & B' }]).replace(
      '<rss ',
      '<!DOCTYPE rss [<!ENTITY x "y">]>\n<rss ',
    )
    const file = inScratch('dtd.xml')
    await writeFile(file, text.replace('<![CDATA[A & B]]>', 'A & B'))
    const error = await run(file, false).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImportFileError)
    expect((error as Error).message).toMatch(/declares a DTD/)
    expect(await server.database.prisma.post.count()).toBe(0)
  })
})
