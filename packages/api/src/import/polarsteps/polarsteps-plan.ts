import type { PrismaClient } from '@wayfarer/db'
import { cleanText } from '../../input-policy'
import { isCountryCode } from '../../places/countries'
import { readPhotoExif } from '../../places/photo-location'
import { roundCoordinate } from '../../places/precision'
import { haversineM } from '../../places/route-figures'
import { excerptFromContent } from '../../posts/story-text'
import { localDateOf } from '../../trips/days'
import { canonicalTimeZone } from '../../trips/time-zone'
import { MAX_TRACK_SPEED_KMH } from '../../trips/track-schema'
import { escapeHtml } from '../embeds'
import type { ReportBuilder } from '../report'
import type { PolarstepsPhoto, PolarstepsPoint, PolarstepsStep, PolarstepsTrip } from './polarsteps-file'

export const POLARSTEPS_SOURCE = 'polarsteps'

/** What earlier runs imported, by Polarsteps id (trip, step, photo) → local id. */
export interface Known {
  trips: Map<string, number>
  steps: Set<string>
  photos: Set<string>
}

export async function knownToSite(prisma: PrismaClient): Promise<Known> {
  const records = await prisma.importRecord.findMany({
    where: { source: POLARSTEPS_SOURCE },
    select: { kind: true, externalId: true, localId: true },
  })
  const ids = (kind: string) => records.filter((r) => r.kind === kind)
  const trips = new Map(ids('trip').map((r) => [r.externalId, r.localId ?? 0]))
  // A trip deleted here since is imported again, as new.
  const alive = new Set(
    (await prisma.trip.findMany({ where: { id: { in: [...trips.values()] } }, select: { id: true } })).map((t) => t.id),
  )
  for (const [key, id] of trips) if (!alive.has(id)) trips.delete(key)
  return {
    trips,
    steps: new Set(ids('post').map((r) => r.externalId)),
    photos: new Set(ids('photo').map((r) => r.externalId)),
  }
}

export interface StoryPlan {
  stepId: string
  title: string
  html: string
  excerpt: string
  happenedAt: Date
  place: { name: string; detail: string; countryCode: string | null; latitude: number; longitude: number } | null
}

export interface PhotoPlan {
  key: string
  stepId: string
  photo: PolarstepsPhoto
  title: string
  location: string
  countryCode: string | null
  latitude: number | null
  longitude: number | null
  takenAt: Date
}

export interface PointPlan {
  latitude: number
  longitude: number
  recordedAt: Date
  tooFast: boolean
}

export interface TripPlan {
  polarstepsId: string
  existingId: number | null
  title: string
  summary: string
  startDate: string
  endDate: string | null
  timeZone: string
  stories: StoryPlan[]
  photos: PhotoPlan[]
  points: PointPlan[]
}

const clean = (value: string, max: number): string => cleanText(value).value.trim().slice(0, max)
const countryOf = (code: string | undefined): string | null => {
  const upper = (code ?? '').toUpperCase()
  return isCountryCode(upper) ? upper : null
}

/** A step's text as paragraphs: Polarsteps keeps plain text, blank lines between paragraphs. */
export function stepHtml(description: string, placeName: string): string {
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (!paragraphs.length) return `<p>${escapeHtml(placeName || 'A step of the trip.')}</p>`
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')
}

function storyOf(step: PolarstepsStep, precision: number): StoryPlan {
  const location = step.location
  const title = clean(step.display_name, 200) || clean(location?.name ?? '', 200) || `Step ${step.id}`
  const html = stepHtml(cleanText(step.description).value, location?.name ?? '')
  return {
    stepId: String(step.id),
    title,
    html,
    excerpt: excerptFromContent(html),
    happenedAt: new Date(step.start_time * 1000),
    place: location
      ? {
          name: clean(location.name, 200),
          detail: clean(location.detail, 200),
          countryCode: countryOf(location.country_code),
          latitude: roundCoordinate(location.lat, precision),
          longitude: roundCoordinate(location.lon, precision),
        }
      : null,
  }
}

/**
 * A photo's place and time: its own EXIF when it has them, else the step's. Rounded like every stored point; the
 * file's metadata itself is dropped when the gallery stores it (validateImage).
 */
async function photoOf(photo: PolarstepsPhoto, bytes: Buffer, story: StoryPlan, precision: number): Promise<PhotoPlan> {
  const exif = await readPhotoExif(bytes)
  return {
    key: photo.key,
    stepId: story.stepId,
    photo,
    title: story.title.slice(0, 60),
    location: story.place?.name ?? '',
    countryCode: story.place?.countryCode ?? null,
    latitude: exif ? roundCoordinate(exif.latitude, precision) : (story.place?.latitude ?? null),
    longitude: exif ? roundCoordinate(exif.longitude, precision) : (story.place?.longitude ?? null),
    takenAt: exif?.takenAt ?? story.happenedAt,
  }
}

/**
 * The track in time order, each point marked as the live check-ins are: one that would mean travelling faster
 * than an airliner (more than 5 km) from the previous shown point is kept out of the public track.
 */
export function pointsOf(points: PolarstepsPoint[]): PointPlan[] {
  const sorted = [...points].sort((a, b) => a.time - b.time)
  const out: PointPlan[] = []
  let last: PointPlan | null = null
  const seen = new Set<number>()
  for (const p of sorted) {
    // Two points at one moment are one point (the track's key is the moment).
    if (seen.has(p.time)) continue
    seen.add(p.time)
    const point = { latitude: p.lat, longitude: p.lon, recordedAt: new Date(p.time * 1000), tooFast: false }
    if (last) {
      const km = haversineM(last, point) / 1000
      const hours = (point.recordedAt.getTime() - last.recordedAt.getTime()) / 3_600_000
      point.tooFast = km > 5 && km / hours > MAX_TRACK_SPEED_KMH
    }
    if (!point.tooFast) last = point
    out.push(point)
  }
  return out
}

function tripDates(trip: PolarstepsTrip, timeZone: string) {
  const times = [trip.startTime, ...trip.steps.map((s) => s.start_time)]
  const start = localDateOf(new Date(Math.min(...times) * 1000), timeZone)
  const end =
    trip.endTime === null
      ? null
      : localDateOf(new Date(Math.max(trip.endTime, ...trip.steps.map((s) => s.start_time)) * 1000), timeZone)
  return { startDate: start, endDate: end }
}

export interface PlanContext {
  prisma: PrismaClient
  known: Known
  report: ReportBuilder
  precision: number
  /** Checks a photo and (unless a dry run) stores it; null when it is no photo the gallery takes. */
  storePhoto: (plan: PhotoPlan, bytes: Buffer) => Promise<boolean>
}

/** What importing one trip will create: only what an earlier run did not bring in. */
export async function planTrip(ctx: PlanContext, trip: PolarstepsTrip): Promise<TripPlan> {
  const { report, known } = ctx
  const title = clean(trip.name, 200) || `Polarsteps trip ${trip.id}`
  const zone =
    canonicalTimeZone(trip.timeZone) ??
    trip.steps.map((s) => canonicalTimeZone(s.timezone_id)).find((z): z is string => z !== null) ??
    'UTC'
  if (zone !== trip.timeZone) report.entry('trips', title, 'note', `time zone "${trip.timeZone}" read as ${zone}`)
  const existingId = known.trips.get(trip.id) ?? null
  report.count('trips', existingId ? 'existing' : 'created')
  if (trip.videos) report.entry('gallery', title, 'skipped', `${trip.videos} videos are not imported`)
  const stories = trip.steps.map((step) => storyOf(step, ctx.precision))
  const plan: TripPlan = {
    polarstepsId: trip.id,
    existingId,
    title,
    summary: clean(trip.summary, 1000),
    timeZone: zone,
    ...tripDates(trip, zone),
    stories: [],
    photos: [],
    points: await newPoints(ctx, existingId, pointsOf(trip.points)),
  }
  const tooFast = plan.points.filter((p) => p.tooFast).length
  if (tooFast)
    report.entry(
      'track_points',
      title,
      'note',
      `${tooFast} ${tooFast === 1 ? 'point' : 'points'} would mean travelling faster than ${MAX_TRACK_SPEED_KMH} km/h: kept out of the public track`,
    )
  for (const [i, story] of stories.entries()) {
    const isNew = !known.steps.has(story.stepId)
    report.count('posts', isNew ? 'created' : 'existing')
    if (isNew) plan.stories.push(story)
    for (const photo of trip.steps[i]!.photos) await planPhoto(ctx, plan, story, photo)
  }
  return plan
}

async function planPhoto(ctx: PlanContext, plan: TripPlan, story: StoryPlan, photo: PolarstepsPhoto) {
  if (ctx.known.photos.has(photo.key)) return ctx.report.count('gallery', 'existing')
  const bytes = await photo.entry.read()
  const photoPlan = await photoOf(photo, bytes, story, ctx.precision)
  if (!(await ctx.storePhoto(photoPlan, bytes))) return
  ctx.report.count('gallery', 'created')
  plan.photos.push(photoPlan)
}

/** The points an earlier run did not bring in (the track's key is the trip, the source and the moment). */
async function newPoints(ctx: PlanContext, tripId: number | null, points: PointPlan[]): Promise<PointPlan[]> {
  const there = tripId
    ? new Set(
        (
          await ctx.prisma.tripTrackPoint.findMany({
            where: { tripId, source: 'import' },
            select: { recordedAt: true },
          })
        ).map((p) => p.recordedAt.getTime()),
      )
    : new Set<number>()
  const fresh = points.filter((p) => !there.has(p.recordedAt.getTime()))
  ctx.report.count('track_points', 'created', fresh.length)
  ctx.report.count('track_points', 'existing', points.length - fresh.length)
  return fresh
}
