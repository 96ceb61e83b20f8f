import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultWxrSite, plainWxrPost, wxrDocument } from '@wayfarer/api/import-fixtures'
import type { ImportJob, UploadedImport } from '@wayfarer/api/schemas'
import { multipartBody, startTestServer, type Api, type TestServer } from '../testing/test-server'
import { DEAD_HOST } from '@wayfarer/fakes/image-host'
import { ghostExport, settledImport } from '../testing/import-fixtures'

// Admin → Settings → Import/Export: the upload (REST multipart), then the dry run, the import and the progress
// the screen polls (tRPC `transfer.*`), and the export download.
let server: TestServer
let owner: Api
const OLD_SITE = 'https://wandering-boots.example'
// 0.05 MB: enough for the small export, small enough to test the limit without a big body.
const UPLOAD_MAX_MB = 0.05

beforeAll(async () => {
  server = await startTestServer({
    appShell: true,
    config: { importMaxMb: { cli: 200, upload: UPLOAD_MAX_MB }, scheduleCheckMs: 600_000 },
  })
  owner = await server.api.asOwner()
}, 60_000)
afterAll(async () => {
  await server.close()
})

const smallWxr = () =>
  wxrDocument(defaultWxrSite(OLD_SITE), [
    plainWxrPost(1),
    plainWxrPost(2),
    plainWxrPost(5),
    { id: 900, title: 'About me', slug: 'about', type: 'page', date: '2019-02-01 10:00:00', content: 'Hello.' },
  ])

/** Uploads an export file as the screen does (as the owner unless another api is given). */
const upload = (text: string | Uint8Array, filename: string, api: Api = owner) =>
  api.upload('/api/import/upload', {
    field: 'file',
    bytes: typeof text === 'string' ? new TextEncoder().encode(text) : text,
    filename,
    type: 'application/octet-stream',
  })
const mutate = async (procedure: string, input: object) => {
  const res = await owner.post(`/trpc/transfer.${procedure}`, input)
  return { status: res.statusCode, body: res.json() as { result?: { data: ImportJob }; error?: { message: string } } }
}
const settled = (id: string) => settledImport(owner, id)

describe('importing through Admin → Settings → Import/Export', () => {
  it('refuses an upload without a session before reading it, and keeps nothing', async () => {
    const res = await upload(smallWxr(), 'site.xml', server.api)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, error: expect.any(String) })
  })

  it('uploads a WXR, shows the dry run, imports it with progress, and the old address answers 301', async () => {
    const res = await upload(smallWxr(), 'wandering-boots.xml')
    expect(res.statusCode).toBe(200)
    const uploaded = (res.json() as { data: UploadedImport }).data
    expect(uploaded).toMatchObject({ filename: 'wandering-boots.xml', format: 'wordpress' })

    expect((await mutate('start', { id: uploaded.id })).body.error?.message).toMatch(/dry run/)
    expect((await mutate('check', { id: uploaded.id })).status).toBe(200)
    const checked = await settled(uploaded.id)
    expect(checked.state).toBe('checked')
    expect(checked.dry_run?.counts.posts).toEqual({ created: 3, existing: 0, skipped: 0 })
    expect(checked.dry_run?.counts.comments.created).toBe(1)
    expect(checked.dry_run?.entries).toContainEqual(
      expect.objectContaining({ kind: 'file', outcome: 'skipped', message: expect.stringMatching(/page/i) }),
    )
    expect(checked.progress).toEqual({ done: 3, total: 3 })
    expect(await server.database.prisma.post.count()).toBe(0)

    expect((await mutate('start', { id: uploaded.id })).status).toBe(200)
    const done = await settled(uploaded.id)
    expect(done.state).toBe('done')
    expect(done.report?.dry_run).toBe(false)
    expect(done.report?.counts.posts).toEqual({ created: 3, existing: 0, skipped: 0 })
    expect(done.progress).toEqual({ done: 3, total: 3 })

    const posts = (await server.api.get('/api/posts')).json() as { data: { slug: string }[] }
    expect(posts.data.map((p) => p.slug)).toContain('day-1-on-the-road')
    const old = await server.api.get('/2019/01/day-1-on-the-road/')
    expect(old.statusCode).toBe(301)
    expect(old.headers.location).toBe('/blog/day-1-on-the-road')
    // A finished import cannot be started again; uploading the file again finds everything already there.
    expect((await mutate('start', { id: uploaded.id })).status).toBe(409)
  })

  it('imports a Ghost export with the old site address given on the screen', async () => {
    const res = await upload(JSON.stringify(ghostExport({ wrapped: true })), 'ghost.json')
    const { id, format } = (res.json() as { data: UploadedImport }).data
    expect(format).toBe('ghost')
    expect((await mutate('check', { id, site_url: 'ftp://old' })).status).toBe(400)
    await mutate('check', { id, site_url: DEAD_HOST })
    const checked = await settled(id)
    expect(checked.dry_run).toMatchObject({
      format: 'ghost',
      site_url: DEAD_HOST,
      counts: { posts: { created: 4, existing: 0, skipped: 0 } },
    })
    await mutate('start', { id })
    expect((await settled(id)).report?.counts.posts.created).toBe(4)
    const story = await server.api.get('/api/posts/slug/lisbon-by-tram')
    expect(story.statusCode).toBe(200)
    expect(story.body).not.toContain('__GHOST_URL__')
    const old = await server.api.get('/lisbon-by-tram/')
    expect([old.statusCode, old.headers.location]).toEqual([301, '/blog/lisbon-by-tram'])
  })

  it('answers a file that is not an export with a clear message, never a 500', async () => {
    for (const [text, name, pattern] of [
      ['just some notes', 'notes.txt', /Unrecognised file/],
      ['<html><body>hello</body></html>', 'page.xml', null],
      ['{"not":"ghost"}', 'x.json', null],
      ['', 'empty.xml', /empty/],
    ] as const) {
      const res = await upload(text, name)
      if (res.statusCode === 200) {
        const { id } = (res.json() as { data: UploadedImport }).data
        await mutate('check', { id })
        const job = await settled(id)
        expect(job.state).toBe('failed')
        expect(job.error).toMatch(/not a|no |expected|export/i)
      } else {
        expect(res.statusCode).toBe(400)
        expect((res.json() as { error: string }).error).toMatch(pattern ?? /./)
      }
    }
  })

  it('refuses a file over the upload limit with 413 and the limit in the message', async () => {
    const big = smallWxr() + ' '.repeat(UPLOAD_MAX_MB * 1048576)
    const res = await upload(big, 'big.xml')
    expect(res.statusCode).toBe(413)
    expect((res.json() as { error: string }).error).toMatch(/larger than .* MB/)

    // Sent without a length (chunked), the file is cut off by the parser at the limit: the same answer.
    const body = await multipartBody({
      field: 'file',
      bytes: new TextEncoder().encode(big),
      filename: 'big.xml',
      type: 'text/xml',
    })
    const chunked = await server.app.inject({
      method: 'POST',
      url: '/api/import/upload',
      payload: Readable.from([body.payload.subarray(0, 1000), body.payload.subarray(1000)]),
      headers: { ...body.headers, ...owner.headers, 'transfer-encoding': 'chunked' },
    })
    expect(chunked.statusCode).toBe(413)
    expect((chunked.json() as { error: string }).error).toMatch(/larger than .* MB/)
  })

  it('refuses an upload in another field, and an unknown import id', async () => {
    const res = await owner.upload('/api/import/upload', {
      field: 'image',
      bytes: new TextEncoder().encode(smallWxr()),
      filename: 'site.xml',
      type: 'text/xml',
    })
    expect(res.statusCode).toBe(400)
    expect((res.json() as { error: string }).error).toMatch(/field "file"/)
    expect((await mutate('check', { id: 'no-such-upload' })).status).toBe(404)
  })

  it('answers a body that is not a whole multipart form with 400, never 500', async () => {
    const json = await owner.post('/api/import/upload', { file: 'x' })
    expect(json.statusCode).toBe(400)
    expect((json.json() as { error: string }).error).toMatch(/field "file"/)
    const body = await multipartBody({
      field: 'file',
      bytes: new TextEncoder().encode(smallWxr()),
      filename: 'site.xml',
      type: 'text/xml',
    })
    const cut = body.payload.subarray(0, body.payload.length - 200)
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/import/upload',
      payload: cut,
      headers: { ...body.headers, ...owner.headers },
    })
    expect(broken.statusCode).toBe(400)
    expect((broken.json() as { success: boolean }).success).toBe(false)
  })

  it('tells the scheduler: a story the file schedules a few seconds ahead goes public then, not at the next periodic look (10 min here)', async () => {
    const at = new Date(Math.ceil((Date.now() + 6000) / 1000) * 1000)
    const future = { ...plainWxrPost(77), status: 'future', date: at.toISOString().slice(0, 19).replace('T', ' ') }
    const res = await upload(wxrDocument(defaultWxrSite(OLD_SITE), [future]), 'future.xml')
    const { id } = (res.json() as { data: UploadedImport }).data
    await mutate('check', { id })
    await settled(id)
    await mutate('start', { id })
    expect((await settled(id)).report?.counts.posts.created).toBe(1)
    const slugs = async () =>
      ((await server.api.get('/api/posts')).json() as { data: { slug: string }[] }).data.map((p) => p.slug)
    const early = await slugs()
    if (Date.now() < at.getTime()) expect(early).not.toContain('day-77-on-the-road')
    while (!(await slugs()).includes('day-77-on-the-road') && Date.now() < at.getTime() + 20_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await slugs()).toContain('day-77-on-the-road')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  }, 40_000)

  it('exports everything as a Wayfarer archive for the owner only', async () => {
    expect((await server.api.get('/api/export')).statusCode).toBe(401)
    const res = await owner.get('/api/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wayfarer-\d{4}-\d{2}-\d{2}\.zip"$/)
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))

    // The archive goes back in through the same screen: into this site it merges, creating nothing new.
    const back = await upload(new Uint8Array(res.rawPayload), 'wayfarer.zip')
    expect(back.statusCode, back.body).toBe(200)
    const { id, format } = (back.json() as { data: UploadedImport }).data
    expect(format).toBe('wayfarer')
    await mutate('check', { id })
    const checked = await settled(id)
    expect(checked.state, checked.error ?? '').toBe('checked')
    expect(checked.dry_run?.counts.posts.existing).toBe(8)
    await mutate('start', { id })
    const done = await settled(id)
    expect(done.state, done.error ?? '').toBe('done')
    expect(done.report?.counts.posts).toMatchObject({ created: 0, existing: 8 })
    expect(await server.database.prisma.post.count()).toBe(8)
  })
})
