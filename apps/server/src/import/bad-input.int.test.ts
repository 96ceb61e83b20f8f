import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkFileSize, detectFormat, importSiteFile, ImportFileError } from '@wayfarer/api'
import { defaultWxrSite, plainWxrPost, wxrDocument } from '@wayfarer/api/import-fixtures'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'
import { acceptanceWxr } from '../testing/import-fixtures'

let server: TestServer
const SECRET = 'TOP-SECRET-MARKER-7d1f'

const inScratch = scratchDir('wayfarer-bad-')
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function importText(name: string, text: string, format: 'wordpress' | 'ghost' = 'wordpress', siteUrl?: string) {
  const file = inScratch(name)
  await writeFile(file, text)
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  return importSiteFile(server.app.deps, file, { format, dryRun: false, ownerId: owner.id, copyImages: false, siteUrl })
}
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImportFileError)
  return (error as Error).message
}

describe('bad import files are refused with a clear message and nothing written', () => {
  it('an XXE file (external entity pointing at a real file) is refused without reading the file', async () => {
    const secretFile = inScratch('secret.txt')
    await writeFile(secretFile, SECRET)
    const xxe = acceptanceWxr('http://old.test')
      .replace('<rss ', `<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://${secretFile}">]>\n<rss `)
      .replace('<title><![CDATA[Wandering Boots]]></title>', '<title>&xxe;</title>')
    const message = await refusal(importText('xxe.xml', xxe))
    expect(message).toMatch(/declares a DTD/)
    expect(message).not.toContain(SECRET)
    expect(await server.database.prisma.post.count()).toBe(0)
    const rows = await server.database.prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM posts WHERE content LIKE '%${SECRET}%' OR title LIKE '%${SECRET}%'`,
    )
    expect(Number(rows[0]!.n)).toBe(0)
  })

  it('a billion-laughs file is refused without expanding anything', async () => {
    const lols = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('')
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY lol0 "lol">${lols}]>\n<rss><channel><title>&lol9;</title></channel></rss>`
    const before = process.memoryUsage().heapUsed
    expect(await refusal(importText('bomb.xml', bomb))).toMatch(/declares a DTD/)
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024)
  })

  it.each([
    ['an HTML page', '<html><body>hello</body></html>', /not a WordPress export \(WXR\): it starts with <html>/],
    [
      'an RSS feed that is not a WXR',
      '<rss version="2.0"><channel><title>Feed</title></channel></rss>',
      /not a WordPress export: it has no wp:wxr_version/,
    ],
    ['a truncated export', acceptanceWxr('http://old.test').slice(0, 20_000), /not well-formed XML .*Is it complete\?/],
    ['an empty XML document', '<', /not well-formed XML|empty or not XML/],
  ])('%s', async (_name, text, pattern) => {
    expect(await refusal(importText('bad.xml', text))).toMatch(pattern)
    expect(await server.database.prisma.post.count()).toBe(0)
  })

  it.each([
    ['not JSON', '{"db": [', /not valid JSON/],
    ['JSON that is not a Ghost export', '{"hello": "world"}', /not a Ghost export/],
    [
      '__GHOST_URL__ without the old address',
      JSON.stringify({
        data: { posts: [{ id: 1, title: 'x', slug: 'x', html: '<a href="__GHOST_URL__/y">', status: 'published' }] },
      }),
      /give the old site's address/,
    ],
  ])('Ghost: %s', async (_name, text, pattern) => {
    expect(await refusal(importText('bad.json', text, 'ghost'))).toMatch(pattern)
  })

  it('unknown bytes and oversized files are refused before parsing', async () => {
    const binary = inScratch('photo.bin')
    await writeFile(binary, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))
    expect(await refusal(detectFormat(binary))).toMatch(/Unrecognised file/)
    expect(await refusal(checkFileSize(binary, 4))).toMatch(/limit is 0 MB/)
  })

  it('one story the database refuses is reported and skipped; the others land whole', async () => {
    const site = defaultWxrSite('http://old.test')
    // The same old id twice: the second story's import record breaks a unique key, so the database refuses it.
    // The stories are written in batches; the refused one must not take its batch's other stories with it.
    const twin = { ...plainWxrPost(2), title: 'Broken story', slug: 'broken' }
    // A comment listed twice under one story (an export's glitch) is brought in once.
    const comment = { id: 77, author: 'Twin', date: '2019-01-03 10:00:00', content: 'Same id', approved: '1' as const }
    const text = wxrDocument(site, [
      plainWxrPost(1),
      { ...plainWxrPost(2), comments: [comment, comment] },
      twin,
      plainWxrPost(5),
    ])
    const report = await importText('one-bad.xml', text)
    expect(report.counts.posts).toEqual({ created: 3, existing: 0, skipped: 1 })
    expect(report.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ref: 'Broken story',
          outcome: 'failed',
          message: expect.stringMatching(/nothing of it was written/),
        }),
      ]),
    )
    const { prisma } = server.database
    expect(await prisma.post.findUnique({ where: { slug: 'broken' } })).toBeNull()
    const kept = await prisma.post.findUniqueOrThrow({
      where: { slug: plainWxrPost(2).slug },
      select: { id: true, comments: { select: { content: true } } },
    })
    expect(kept.comments).toEqual([{ content: 'Same id' }])
    expect(await prisma.importRecord.findMany({ where: { kind: 'post', externalId: String(twin.id) } })).toEqual([
      expect.objectContaining({ localId: kept.id }),
    ])
    expect(await prisma.post.count({ where: { slug: { in: [plainWxrPost(1).slug, plainWxrPost(5).slug] } } })).toBe(2)
    await server.database.prisma.post.deleteMany()
  })
})
