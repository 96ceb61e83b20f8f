import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import exifr from 'exifr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importPolarsteps, ImportFileError, LocalImageStore, type ImportReport } from '@wayfarer/api'
import type { ImportJob, TripPage, UploadedImport } from '@wayfarer/api/schemas'
import { settledImport } from '../testing/import-fixtures'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'
import { icelandExport, icelandTrip, writeZip, type ZipPart } from '@wayfarer/api/polarsteps-fixtures'

// Polarsteps' "download a copy of your data" zip, built here in its layout: one trip, two steps with a photo each
// (GPS in their EXIF), a video, the tracked route and the account's folder.
let server: TestServer
let owner: Api
let good: string

const inScratch = scratchDir('wayfarer-polarsteps-')
beforeAll(async () => {
  server = await startTestServer({ config: { importMaxMb: { cli: 200, upload: 1 }, scheduleCheckMs: 600_000 } })
  owner = await server.api.asOwner()
  good = await writeZip(inScratch('export.zip'), await icelandExport())
}, 60_000)
afterAll(() => server.close())

const run = (file: string, dryRun = false, publish = true) =>
  importPolarsteps(server.app.deps, file, {
    dryRun,
    publish,
    ownerId: 1,
    precision: server.app.deps.places.precision,
    galleryFolder: server.app.deps.galleryFolder,
  })
const counts = (report: ImportReport) =>
  Object.fromEntries(
    (['trips', 'posts', 'gallery', 'track_points'] as const).map((k) => [
      k,
      [report.counts[k].created, report.counts[k].existing, report.counts[k].skipped],
    ]),
  )
const prisma = () => server.database.prisma
const stored = async () => {
  const root = (server.app.deps.imageStore as LocalImageStore).root
  return (await readdir(root, { recursive: true }).catch(() => [] as string[])).filter((f) => /\.(jpe?g)$/.test(f))
}
const rows = async () => [
  await prisma().trip.count(),
  await prisma().post.count(),
  await prisma().galleryImage.count(),
  await prisma().tripTrackPoint.count(),
]

describe('importing a Polarsteps export', () => {
  it('a dry run counts what would come and writes nothing', async () => {
    const report = await run(good, true)
    expect(report).toMatchObject({ format: 'polarsteps', dry_run: true })
    expect(counts(report)).toEqual({
      trips: [1, 0, 0],
      posts: [2, 0, 0],
      gallery: [2, 0, 0],
      track_points: [4, 0, 0],
    })
    expect(report.entries).toContainEqual(expect.objectContaining({ kind: 'gallery', outcome: 'skipped' }))
    expect(await rows()).toEqual([0, 0, 0, 0])
    expect(await stored()).toEqual([])
  })

  it('brings in the trip, a story per step, the photos with their places and the track', async () => {
    const report = await run(good)
    expect(counts(report)).toEqual({
      trips: [1, 0, 0],
      posts: [2, 0, 0],
      gallery: [2, 0, 0],
      track_points: [4, 0, 0],
    })
    const trip = await prisma().trip.findFirstOrThrow({ include: { posts: { orderBy: { happenedAt: 'asc' } } } })
    expect(trip).toMatchObject({ title: 'Iceland Ring Road', timeZone: 'Atlantic/Reykjavik', status: 'published' })
    expect(trip.startDate.toISOString().slice(0, 10)).toBe('2025-09-01')
    expect(trip.endDate?.toISOString().slice(0, 10)).toBe('2025-09-10')
    const [first, second] = trip.posts
    expect(first).toMatchObject({
      title: 'Reykjavík',
      status: 'published',
      latitude: 64.15,
      longitude: -21.94,
      countryCode: 'IS',
      locationName: 'Reykjavík',
    })
    expect(first!.happenedAt?.toISOString()).toBe(new Date(icelandTrip.all_steps[0]!.start_time * 1000).toISOString())
    expect(first!.content).toBe('<p>Landed at dawn.</p><p>Coffee, then the harbour &amp; the old town.</p>')
    expect(first!.featuredImage).toMatch(/\/media\//)
    // A step without a text still makes a story with content: its place.
    expect(second).toMatchObject({ title: 'Vík í Mýrdal', content: '<p>Vík</p>' })

    const photos = await prisma().galleryImage.findMany({ orderBy: { takenAt: 'asc' } })
    // The photo's own GPS, rounded, not the step's point; its EXIF time.
    expect(photos.map((p) => [p.latitude, p.longitude, p.countryCode, p.tripId, p.location])).toEqual([
      [64.13, -21.83, 'IS', trip.id, 'Reykjavík'],
      [63.4, -19.04, 'IS', trip.id, 'Vík'],
    ])
    expect(photos[0]!.takenAt).not.toBeNull()
    // The stored files carry no GPS.
    const root = (server.app.deps.imageStore as LocalImageStore).root
    for (const file of await stored()) {
      const gps = (await exifr.gps(await readFile(path.join(root, file))).catch(() => undefined)) as object | undefined
      expect(gps ?? null).toBeNull()
    }

    const points = await prisma().tripTrackPoint.findMany({ orderBy: { recordedAt: 'asc' } })
    expect(points.map((p) => [p.source, p.hiddenReason])).toEqual(Array(4).fill(['import', null]))
    // Past points of a published trip: public, rounded, drawn on the trip's map.
    const page = (await server.api.get(`/api/trips/${trip.slug}`)).json() as { data: TripPage }
    expect(page.data.map.lines.flat()).toContainEqual([-21.19, 64])
    expect(page.data.story_count).toBe(2)
  })

  it('a second run creates nothing new, and its dry run says so', async () => {
    const before = await rows()
    const files = await stored()
    const dry = await run(good, true)
    const again = await run(good)
    for (const report of [dry, again])
      expect(counts(report)).toEqual({
        trips: [0, 1, 0],
        posts: [0, 2, 0],
        gallery: [0, 2, 0],
        track_points: [0, 4, 0],
      })
    expect(await rows()).toEqual(before)
    expect(await stored()).toEqual(files)
  })
})

describe('a zip that is not a whole Polarsteps export is refused whole', () => {
  const refused = async (file: string): Promise<string> => {
    const before = [await rows(), await stored()]
    const error = await run(file).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImportFileError)
    expect([await rows(), await stored()]).toEqual(before)
    return (error as Error).message
  }
  const zip = async (name: string, parts: ZipPart[]) => writeZip(inScratch(name), parts)
  const withOther = async (name: string, extra: ZipPart[]) =>
    // Other Polarsteps ids, so nothing of it is known from the runs above: a refusal is not "already imported".
    zip(name, [...(await icelandExport(1111)), ...extra])

  it('not a zip, or a zip cut short', async () => {
    const text = inScratch('notes.zip')
    await writeFile(text, 'just some notes')
    expect(await refused(text)).toMatch(/^This is not a readable zip archive/)
    const whole = await readFile(await withOther('whole.zip', []))
    const cut = inScratch('cut.zip')
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.7)))
    expect(await refused(cut)).toMatch(/^This is not a readable zip archive .*Is it complete\?/)
  })

  it('a file outside the trip folders, or a symbolic link', async () => {
    expect(await refused(await withOther('outside.zip', [['notes.txt', 'hello']]))).toBe(
      'The zip holds notes.txt, outside the trip folders of a Polarsteps export; nothing was imported.',
    )
    const link: ZipPart = ['trip/iceland-ring-road_5353/reykjavik_1212/photos/link.jpg', '/etc/passwd', 0o120777]
    expect(await refused(await withOther('link.zip', [link]))).toBe(
      'The archive holds a symbolic link (trip/iceland-ring-road_5353/reykjavik_1212/photos/link.jpg); nothing was imported.',
    )
  })

  it('a photo that declares more than it may hold, before anything is inflated', async () => {
    const bomb = Readable.from(
      (function* () {
        for (let i = 0; i < 31; i++) yield Buffer.alloc(1048576)
      })(),
    )
    const big: ZipPart = ['trip/iceland-ring-road_5353/reykjavik_1212/photos/big.jpg', bomb]
    expect(await refused(await withOther('bomb.zip', [big]))).toBe(
      'The archive entry trip/iceland-ring-road_5353/reykjavik_1212/photos/big.jpg is larger than 30 MB, more than it can hold; nothing was imported.',
    )
  })

  it('a damaged trip.json in a second trip keeps the first one out too', async () => {
    const broken: ZipPart = ['trip/broken_9/trip.json', JSON.stringify({ name: 'Broken', all_steps: 'none' })]
    expect(await refused(await withOther('broken.zip', [broken]))).toMatch(
      /^trip\/broken_9\/trip\.json is not as Polarsteps writes it \(start_date: .*\); nothing was imported\.$/,
    )
    expect(await refused(await zip('no-trip.zip', [['user/user.json', '{}']]))).toBe(
      'This zip is not a Polarsteps export: it has no trip/…/trip.json.',
    )
  })
})

describe('Admin → Settings → Import/Export takes a Polarsteps export', () => {
  const trpc = async (procedure: string, input: object) =>
    ((await owner.post(`/trpc/transfer.${procedure}`, input)).json() as { result: { data: ImportJob } }).result.data
  const settled = (id: string) => settledImport(owner, id)

  it('recognises it, checks it and imports it as drafts', async () => {
    const bytes = await readFile(await writeZip(inScratch('upload.zip'), await icelandExport(5000)))
    const res = await owner.upload('/api/import/upload', {
      field: 'file',
      bytes,
      filename: 'polarsteps.zip',
      type: 'application/zip',
    })
    const uploaded = (res.json() as { data: UploadedImport }).data
    expect(uploaded.format).toBe('polarsteps')
    await trpc('check', { id: uploaded.id })
    const checked = await settled(uploaded.id)
    expect(checked.dry_run?.counts.track_points.created).toBe(4)
    await trpc('start', { id: uploaded.id })
    const done = await settled(uploaded.id)
    expect(done.state, done.error ?? '').toBe('done')
    const trip = await prisma().trip.findFirstOrThrow({ where: { slug: 'iceland-ring-road-2' } })
    expect(trip.status).toBe('draft')
    expect(await prisma().post.count({ where: { tripId: trip.id, status: 'draft' } })).toBe(2)
    expect(await prisma().galleryImage.count({ where: { tripId: trip.id, isPublished: false } })).toBe(2)
  })
})
