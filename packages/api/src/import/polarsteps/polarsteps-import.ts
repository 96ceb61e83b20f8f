import type { Prisma } from '@wayfarer/db'
import { DomainError } from '../../errors'
import { stripVersion, type StoredImage } from '../../media/image-store'
import { validateImage } from '../../media/image-validation'
import { freeSlug } from '../../posts/admin-save'
import { readingTimeOf } from '../../posts/story-text'
import { dateValue } from '../../trips/members'
import type { StorageDeps } from '../../storage-deps'
import { ImportFileError } from '../errors'
import { ReportBuilder, type ImportReport } from '../report'
import { readPolarstepsExport } from './polarsteps-file'
import { knownToSite, planTrip, POLARSTEPS_SOURCE, type PhotoPlan, type TripPlan } from './polarsteps-plan'
import { MAX_TRIP_DAYS } from '../../trips/schema'
import { daysFrom } from '../../trips/days'

export interface PolarstepsImportOptions {
  dryRun: boolean
  ownerId: number
  /** Stories, trips and photos published at once; by default they arrive as drafts for the owner to look over. */
  publish: boolean
  /** LOCATION_PRECISION: every stored point is rounded to it. */
  precision: number
  /** Where the gallery keeps uploads (GALLERY_FOLDER). */
  galleryFolder: string
}

/**
 * Imports a Polarsteps export: each trip becomes a trip, each step a story dated and placed as the step, its photos
 * gallery photos with their place and time, the tracked locations the trip's track. The file is read and checked
 * whole first; the photos are stored, then everything else is written in one transaction, so a refusal or failure
 * leaves nothing behind (the stored photos are removed again). Polarsteps ids recorded as import records make a
 * second run create nothing new.
 */
export async function importPolarsteps(
  deps: StorageDeps,
  file: string,
  options: PolarstepsImportOptions,
): Promise<ImportReport> {
  const exported = await readPolarstepsExport(file)
  const report = new ReportBuilder('polarsteps', options.dryRun, '')
  const stored = new Map<string, StoredImage>()
  try {
    const known = await knownToSite(deps.prisma)
    const plans: TripPlan[] = []
    for (const trip of exported.trips) {
      const plan = await planTrip(
        {
          prisma: deps.prisma,
          known,
          report,
          precision: options.precision,
          storePhoto: (photo, bytes) => storePhoto(deps, options, report, stored, photo, bytes),
        },
        trip,
      )
      if (plan.endDate && daysFrom(plan.startDate, plan.endDate) >= MAX_TRIP_DAYS)
        throw new ImportFileError(`The trip "${plan.title}" is longer than ten years; nothing was imported.`)
      plans.push(plan)
    }
    if (!options.dryRun)
      await deps.prisma.$transaction(
        async (tx) => {
          for (const plan of plans) await writeTrip(tx, plan, stored, options)
        },
        { timeout: 30 * 60_000, maxWait: 60_000 },
      )
    return report.finish()
  } catch (error) {
    await Promise.all([...stored.values()].map((image) => deps.imageStore.delete(image.public_id).catch(() => {})))
    throw error
  } finally {
    exported.close()
  }
}

/** The gallery upload's checks (type by content, size, pixels) and its re-encoding without metadata. */
async function storePhoto(
  deps: StorageDeps,
  options: PolarstepsImportOptions,
  report: ReportBuilder,
  stored: Map<string, StoredImage>,
  photo: PhotoPlan,
  bytes: Buffer,
): Promise<boolean> {
  let valid
  try {
    valid = await validateImage(bytes)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    report.skip('gallery', photo.key, `${error.message}: left out`)
    return false
  }
  if (!options.dryRun)
    stored.set(photo.key, await deps.imageStore.upload(valid.data, options.galleryFolder, { title: photo.title }))
  return true
}

const record = (tx: Prisma.TransactionClient, kind: string, externalId: string, localId: number) =>
  tx.importRecord.upsert({
    where: { source_kind_externalId: { source: POLARSTEPS_SOURCE, kind, externalId } },
    create: { source: POLARSTEPS_SOURCE, kind, externalId, localId },
    update: { localId },
  })

const trackSettings = { id: true, trackDelayMinutes: true, trackPaused: true } as const

async function writeTrip(
  tx: Prisma.TransactionClient,
  plan: TripPlan,
  stored: Map<string, StoredImage>,
  options: PolarstepsImportOptions,
): Promise<void> {
  const trip = plan.existingId
    ? await tx.trip.findUniqueOrThrow({ where: { id: plan.existingId }, select: trackSettings })
    : await tx.trip.create({
        data: {
          slug: await freeSlug(plan.title, 'trip', takenSlugs(tx, 'trip')),
          title: plan.title,
          summary: plan.summary,
          startDate: dateValue(plan.startDate),
          endDate: plan.endDate ? dateValue(plan.endDate) : null,
          timeZone: plan.timeZone,
          status: options.publish ? 'published' : 'draft',
        },
        select: trackSettings,
      })
  if (!plan.existingId) await record(tx, 'trip', plan.polarstepsId, trip.id)
  const covers = new Map<string, StoredImage>()
  for (const photo of plan.photos) {
    const image = stored.get(photo.key)!
    if (!covers.has(photo.stepId)) covers.set(photo.stepId, image)
    const row = await tx.galleryImage.create({
      data: {
        publicId: image.public_id,
        url: stripVersion(image.url),
        width: image.width,
        height: image.height,
        format: image.format,
        folder: image.folder,
        title: photo.title,
        location: photo.location,
        isPublished: options.publish,
        latitude: photo.latitude,
        longitude: photo.longitude,
        countryCode: photo.countryCode,
        takenAt: photo.takenAt,
        tripId: trip.id,
      },
      select: { id: true },
    })
    await record(tx, 'photo', photo.key, row.id)
  }
  for (const story of plan.stories) await writeStory(tx, trip.id, story, covers.get(story.stepId), options)
  await writePoints(tx, trip, plan)
}

async function writeStory(
  tx: Prisma.TransactionClient,
  tripId: number,
  story: TripPlan['stories'][number],
  cover: StoredImage | undefined,
  options: PolarstepsImportOptions,
) {
  const post = await tx.post.create({
    data: {
      slug: await freeSlug(story.title, 'post', takenSlugs(tx, 'post')),
      title: story.title,
      excerpt: story.excerpt,
      content: story.html,
      status: options.publish ? 'published' : 'draft',
      featuredImage: cover ? stripVersion(cover.url) : null,
      featuredImageAlt: cover ? story.title : null,
      authorId: options.ownerId,
      locationName: story.place?.name || null,
      locationCountry: story.place?.detail || null,
      latitude: story.place?.latitude ?? null,
      longitude: story.place?.longitude ?? null,
      countryCode: story.place?.countryCode ?? null,
      metaTitle: story.title,
      metaDescription: story.excerpt || null,
      readingTime: readingTimeOf(story.html),
      // Dated as the step: the story's day in the trip, and its publish time once published.
      happenedAt: story.happenedAt,
      publishedAt: options.publish ? story.happenedAt : null,
      createdAt: story.happenedAt,
      tripId,
    },
    select: { id: true },
  })
  await record(tx, 'post', story.stepId, post.id)
}

/**
 * The tracked locations as the trip's track. They are the owner's own past route and go public like any point,
 * at their recorded moment plus the trip's delay: a route older than the delay is public at once (on a published
 * trip), the last day's waits, as a live check-in would; into a paused trip they arrive private.
 */
async function writePoints(
  tx: Prisma.TransactionClient,
  trip: { id: number; trackDelayMinutes: number; trackPaused: boolean },
  plan: TripPlan,
) {
  const delayMs = trip.trackDelayMinutes * 60_000
  const hidden = (p: TripPlan['points'][number]) => (trip.trackPaused ? 'paused' : p.tooFast ? 'too_fast' : null)
  for (let i = 0; i < plan.points.length; i += 5000)
    await tx.tripTrackPoint.createMany({
      data: plan.points.slice(i, i + 5000).map((p) => ({
        tripId: trip.id,
        latitude: p.latitude,
        longitude: p.longitude,
        recordedAt: p.recordedAt,
        source: 'import',
        hiddenReason: hidden(p),
        publicAt: hidden(p) ? null : new Date(p.recordedAt.getTime() + delayMs),
      })),
      skipDuplicates: true,
    })
}

const takenSlugs = (tx: Prisma.TransactionClient, table: 'trip' | 'post') => async (candidates: string[]) => {
  const rows =
    table === 'trip'
      ? await tx.trip.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })
      : await tx.post.findMany({ where: { slug: { in: candidates } }, select: { slug: true } })
  // `admin` is where the owner's trip paths sit (docs/trips.md).
  return new Set([...rows.map((r) => r.slug), ...(table === 'trip' ? ['admin'] : [])])
}
