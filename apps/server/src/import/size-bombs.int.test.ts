import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSiteFile, ImportFileError } from '@wayfarer/api'
import { defaultWxrSite, plainWxrPost, wxrDocument, wxrFooter, wxrHeader } from '@wayfarer/api/import-fixtures'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'

// Small files that unfold into a great deal of work: each is refused at a limit that fits what a real export
// holds, before the server's memory grows with the file.
let server: TestServer
const inScratch = scratchDir('wayfarer-bombs-')
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function refusal(name: string, body: string | Buffer, format: 'wordpress' | 'ghost' = 'wordpress') {
  const file = inScratch(name)
  await writeFile(file, body)
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  const before = process.memoryUsage().heapUsed
  const error = await importSiteFile(server.app.deps, file, {
    format,
    dryRun: true,
    ownerId: owner.id,
    copyImages: false,
    siteUrl: 'https://old.example',
  }).catch((e: unknown) => e)
  const grownMb = (process.memoryUsage().heapUsed - before) / 1048576
  expect(error).toBeInstanceOf(ImportFileError)
  expect(await server.database.prisma.post.count()).toBe(0)
  return { message: (error as Error).message, grownMb }
}

const site = defaultWxrSite('https://old.example')
const wxr = (items: string) => wxrHeader(site) + items + wxrFooter

describe('WordPress exports are read in bounded memory', () => {
  it('an entry of a million empty elements is refused at 100,000 elements', async () => {
    const { message, grownMb } = await refusal('empty-elements.xml', wxr(`<item>${'<a/>'.repeat(1_000_000)}</item>`))
    expect(message).toMatch(/^An entry near line \d+ holds more than 100,000 elements; the file was refused\.$/)
    expect(grownMb).toBeLessThan(100)
  })

  it('a file of 300,000 empty entries is refused at 200,000', async () => {
    const { message } = await refusal('empty-items.xml', wxr('<item/>\n'.repeat(300_000)))
    expect(message).toMatch(/^The file holds more than 200,000 entries/)
  })

  it('elements nested deeper than a WXR ever goes are refused', async () => {
    const deep = `<item>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</item>`
    expect((await refusal('deep.xml', wxr(deep))).message).toMatch(/nests elements more than 24 deep/)
  })

  it('a channel field larger than 64 KB is refused instead of gathered', async () => {
    const big = wxr('').replace('<description>', `<description>${'x'.repeat(200_000)}`)
    expect((await refusal('big-field.xml', big)).message).toMatch(/<description> near line \d+ is larger than 64 KB/)
  })

  it('a real export still reads: 500 stories with comments', async () => {
    const file = inScratch('fine.xml')
    await writeFile(
      file,
      wxrDocument(
        site,
        Array.from({ length: 500 }, (_, i) => plainWxrPost(i + 1)),
      ),
    )
    const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
    const report = await importSiteFile(server.app.deps, file, { format: 'wordpress', dryRun: true, ownerId: owner.id })
    expect(report.counts.posts.created).toBe(500)
    expect(report.counts.comments.created).toBe(100)
  })
})

describe('Ghost exports are bounded in depth and size', () => {
  it('nesting beyond what an export holds is refused', async () => {
    const deep = `{"data":{"posts":[${'['.repeat(50_000)}${']'.repeat(50_000)}]}}`
    expect((await refusal('deep.json', deep, 'ghost')).message).toBe(
      'The file nests values more than 16 deep; it was refused.',
    )
  })

  it('a post larger than 32 MB is refused while it streams', async () => {
    const big = `{"data":{"posts":[{"id":"p1","title":"Big","slug":"big","status":"published","html":"${'x'.repeat(33 * 1048576)}"}]}}`
    expect((await refusal('big.json', big, 'ghost')).message).toBe(
      'The file holds a value larger than 32 MB; it was refused.',
    )
  })
})
