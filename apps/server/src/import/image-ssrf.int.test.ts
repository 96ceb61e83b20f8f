import { fakePng, startFakeImageHost, type FakeImageAnswer, type FakeImageHost } from '@wayfarer/fakes/image-host'
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IMAGE_NOT_COPIED, importSiteFile, LocalImageStore, type ImportReport } from '@wayfarer/api'
import { defaultWxrSite, wxrDocument, type WxrItem } from '@wayfarer/api/import-fixtures'
import type { ImportJob, UploadedImport } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'

// A hostile export chooses the addresses of its images. A listener on the loopback interface (IPv4 and IPv6)
// serves a real PNG as the "secret": had the import fetched it, it would be stored and served to anyone under
// /media/imports. Every case must leave it untouched.
let secret: FakeImageHost
let port: number
let server: TestServer

const inScratch = scratchDir('wayfarer-ssrf-')
beforeAll(async () => {
  const png = await fakePng('#d00', 8, 8)
  secret = await startFakeImageHost({
    listen: '::',
    answer: (path, { port }): FakeImageAnswer =>
      path === '/redirect-mapped'
        ? { status: 302, headers: { location: `http://[::ffff:127.0.0.1]:${port}/internal-secret.png` } }
        : path === '/redirect-name'
          ? { status: 302, headers: { location: `http://localhost:${port}/internal-secret.png` } }
          : { status: 200, headers: { 'content-type': 'image/png' }, body: png },
  })
  port = secret.port
  server = await startTestServer({ config: { importMaxMb: { cli: 20, upload: 1 } } })
}, 60_000)
afterAll(async () => {
  await server.close()
  await secret.close()
})
beforeEach(() => {
  secret.requests.length = 0
})

/** A WXR whose site is `siteUrl` and whose stories each show one image (listed as an attachment, as WordPress does). */
function hostileWxr(siteUrl: string, images: string[]): string {
  const items: WxrItem[] = images.flatMap((url, i) => [
    {
      id: 900 + i,
      type: 'attachment',
      title: `Image ${i}`,
      slug: `image-${i}`,
      date: '2020-01-01 00:00:00',
      content: '',
      attachmentUrl: url,
    },
    {
      id: 1 + i,
      title: `Story ${i}`,
      slug: `story-${i}`,
      date: '2020-01-02 00:00:00',
      content: `<img src="${url}" alt="x" />`,
      meta: { _thumbnail_id: String(900 + i) },
    },
  ])
  return wxrDocument(defaultWxrSite(siteUrl), items)
}

async function importFile(text: string, siteUrl?: string): Promise<ImportReport> {
  const file = inScratch(`hostile-${Date.now()}.xml`)
  await writeFile(file, text)
  const owner = await server.database.prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  return importSiteFile(server.app.deps, file, { format: 'wordpress', dryRun: false, ownerId: owner.id, siteUrl })
}

/** Nothing fetched from the secret listener, nothing stored in the image store, nothing served under /media/imports. */
async function expectNothingTaken(report: ImportReport, refused: string[]) {
  expect(secret.requests.filter((r) => r.endsWith('/internal-secret.png'))).toEqual([])
  expect(report.counts.images.created).toBe(0)
  const store = server.app.deps.imageStore as LocalImageStore
  expect(await readdir(path.join(store.root, 'imports')).catch(() => [])).toEqual([])
  expect(await server.database.prisma.importRecord.count({ where: { kind: 'image' } })).toBe(0)
  const posts = await server.database.prisma.post.findMany({ select: { featuredImage: true, content: true } })
  for (const post of posts) {
    expect(post.featuredImage ?? '').not.toMatch(/^\/media\//)
    expect(post.content).not.toMatch(/\/media\/imports/)
  }
  // One wording for every image, refused or failed: the report is no port scanner.
  const entries = report.entries.filter((e) => e.kind === 'images')
  expect(entries.map((e) => e.ref).sort()).toEqual([...refused].sort())
  expect(new Set(entries.map((e) => e.message))).toEqual(new Set([IMAGE_NOT_COPIED]))
  expect(JSON.stringify(report)).not.toMatch(/ECONN|ENOTFOUND|getaddrinfo|private|answered \d/)
  await server.database.prisma.importRecord.deleteMany()
  await server.database.prisma.redirect.deleteMany()
  await server.database.prisma.post.deleteMany()
}

describe('image copying cannot be pointed at the server’s own network', () => {
  it('a file declaring http://127.0.0.1 as its site gets no loopback image: IPv4, IPv6, IPv4-mapped IPv6, a name', async () => {
    const images = [
      `http://127.0.0.1:${port}/internal-secret.png`,
      `http://[::1]:${port}/internal-secret.png`,
      `http://[::ffff:127.0.0.1]:${port}/internal-secret.png`,
      `http://[::ffff:7f00:1]:${port}/internal-secret.png`,
      `http://localhost:${port}/internal-secret.png`,
      `http://127.0.0.1/internal-secret.png`,
    ]
    const report = await importFile(hostileWxr('http://127.0.0.1', images))
    expect(report.counts.posts.created).toBe(images.length)
    await expectNothingTaken(report, images)
  })

  it('a site address without a port, given by the owner, trusts no other port of that host', async () => {
    const image = `http://127.0.0.1:${port}/internal-secret.png`
    const report = await importFile(hostileWxr('http://127.0.0.1', [image]), 'http://127.0.0.1')
    await expectNothingTaken(report, [image])
  })

  it('the owner’s exact origin is copied, but its redirects to loopback (mapped, or by name) are refused', async () => {
    const origin = `http://127.0.0.1:${port}`
    const redirects = [`${origin}/redirect-mapped`, `${origin}/redirect-name`]
    const report = await importFile(hostileWxr(origin, redirects), origin)
    expect(secret.requests.sort()).toEqual([`127.0.0.1:${port} /redirect-mapped`, `127.0.0.1:${port} /redirect-name`])
    await expectNothingTaken(report, redirects)

    // The exception itself: images at the very origin the owner typed are copied (an intranet WordPress).
    const allowed = await importFile(hostileWxr(origin, [`${origin}/uploads/photo.png`]), origin)
    expect(allowed.counts.images.created).toBe(1)
    const story = await server.database.prisma.post.findFirstOrThrow()
    expect(story.featuredImage).toMatch(/^\/media\/imports\/\w+\.png$/)
    await server.database.prisma.importRecord.deleteMany()
    await server.database.prisma.post.deleteMany()
    await rm(path.join((server.app.deps.imageStore as LocalImageStore).root, 'imports'), { recursive: true })
  })

  it('the same through Admin → Settings → Import/Export: the upload’s declared site is not trusted', async () => {
    const owner = await server.api.asOwner()
    const image = `http://127.0.0.1:${port}/internal-secret.png`
    const upload = await owner.upload('/api/import/upload', {
      field: 'file',
      bytes: new TextEncoder().encode(hostileWxr('http://127.0.0.1', [image])),
      filename: 'site.xml',
      type: 'text/xml',
    })
    const { id } = (upload.json() as { data: UploadedImport }).data
    const call = (procedure: string) => owner.post(`/trpc/transfer.${procedure}`, { id })
    const settled = async (): Promise<ImportJob> => {
      for (;;) {
        const res = await owner.get(`/trpc/transfer.status?input=${encodeURIComponent(JSON.stringify({ id }))}`)
        const job = (res.json() as { result: { data: ImportJob } }).result.data
        if (job.state !== 'checking' && job.state !== 'importing') return job
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    await call('check')
    await settled()
    await call('start')
    const done = await settled()
    expect(done.state).toBe('done')
    await expectNothingTaken(done.report!, [image])
    const listing = await server.app.inject('/media/imports/')
    expect(listing.statusCode).toBe(404)
  })
})
