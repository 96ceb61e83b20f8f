import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { InvalidInputError, NotFoundError, RateLimitedError, UnauthorizedError } from '../errors'
import { messages } from '../messages'
import { haversineM } from '../places/route-figures'
import { describeWait, type RateWindow } from '../rate-limit/limiter'
import { insideZone, zonesOf } from './track-public'
import type { TrackReleases } from './track-releases'
import {
  FUTURE_TOLERANCE_MS,
  MAX_TRACK_SPEED_KMH,
  OWNTRACKS_PATH,
  ownTracksLocation,
  ownTracksMessage,
  trackMessages,
  trackPointReasons,
  type AdminTrack,
  type checkInInput,
  type trackSettingsInput,
} from './track-schema'

type Deps = Pick<AppDeps, 'prisma' | 'now' | 'config' | 'rateLimiter'> & { trackReleases?: TrackReleases }

/** A tracking app sends a point every few seconds at most; a backlog after a day offline comes in a burst. */
export const TRACK_WINDOWS: RateWindow[] = [
  { max: 120, perMs: 60_000 },
  { max: 3000, perMs: 3_600_000 },
]

export const hashTrackToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export interface NewPoint {
  latitude: number
  longitude: number
  recordedAt: Date
  accuracyM?: number | undefined
  altitudeM?: number | undefined
  battery?: number | undefined
  source: 'owntracks' | 'checkin' | 'import'
  note?: string
  imageId?: number | undefined
}

interface TrackTrip {
  id: number
  trackDelayMinutes: number
  trackPaused: boolean
}

/**
 * Records one point of a trip. A point from the future is refused (400); one that would mean flying faster than an
 * airliner from the trip's previous point is kept, out of the public track, with the reason shown to the owner, as
 * are points that arrive while sharing is paused. Anything else goes public `delay` after it was recorded. The same
 * point sent twice (an app retrying) is stored once.
 */
export async function recordTrackPoint(deps: Deps, trip: TrackTrip, point: NewPoint): Promise<void> {
  if (point.recordedAt.getTime() > deps.now().getTime() + FUTURE_TOLERANCE_MS)
    throw new InvalidInputError(trackMessages.future)
  const hiddenReason = trip.trackPaused ? 'paused' : (await isTooFast(deps, trip.id, point)) ? 'too_fast' : null
  const publicAt = hiddenReason ? null : new Date(point.recordedAt.getTime() + trip.trackDelayMinutes * 60_000)
  await deps.prisma.tripTrackPoint.createMany({
    data: [
      {
        tripId: trip.id,
        latitude: point.latitude,
        longitude: point.longitude,
        recordedAt: point.recordedAt,
        accuracyM: point.accuracyM ?? null,
        altitudeM: point.altitudeM ?? null,
        battery: point.battery ?? null,
        source: point.source,
        note: point.note ?? '',
        imageId: point.imageId ?? null,
        hiddenReason,
        publicAt,
      },
    ],
    skipDuplicates: true,
  })
  deps.trackReleases?.noteRelease(publicAt)
}

/** Whether reaching this point from the trip's previous shown point would take more than MAX_TRACK_SPEED_KMH. */
async function isTooFast(deps: Deps, tripId: number, point: NewPoint): Promise<boolean> {
  const before = await deps.prisma.tripTrackPoint.findFirst({
    where: { tripId, hiddenReason: null, recordedAt: { lt: point.recordedAt } },
    select: { latitude: true, longitude: true, recordedAt: true },
    orderBy: { recordedAt: 'desc' },
  })
  if (!before) return false
  const km = haversineM(before, point) / 1000
  const hours = (point.recordedAt.getTime() - before.recordedAt.getTime()) / 3_600_000
  // A few kilometres of GPS jitter between close points is not travel.
  return km > 5 && km / hours > MAX_TRACK_SPEED_KMH
}

/** The token from OwnTracks' HTTP Basic authentication (the password; any user name), or a Bearer token. */
export function trackTokenFrom(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2)
  if (scheme?.toLowerCase() !== 'basic') return undefined
  const decoded = Buffer.from(value, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const token = colon === -1 ? '' : decoded.slice(colon + 1)
  return token.length > 0 && token.length <= 200 ? token : undefined
}

/**
 * The OwnTracks endpoint (HTTP mode): the trip is the one whose token this is; the owner's session counts for
 * nothing here (`read` gives the message, read only after the token is checked). Locations are recorded; every other message type (and an empty body, which the app sends when a
 * friend is removed) is answered with the empty list OwnTracks expects.
 */
export async function receiveOwnTracks(deps: Deps, token: string | undefined, read: () => unknown): Promise<[]> {
  if (!token) throw new UnauthorizedError(trackMessages.noToken)
  const tokenHash = hashTrackToken(token)
  const trip = await deps.prisma.trip.findUnique({
    where: { trackTokenHash: tokenHash },
    select: { id: true, trackDelayMinutes: true, trackPaused: true },
  })
  if (!trip) throw new UnauthorizedError(trackMessages.badToken)
  const wait = await deps.rateLimiter.take(`track:${tokenHash.slice(0, 32)}`, TRACK_WINDOWS)
  if (wait > 0) throw new RateLimitedError(trackMessages.flood(describeWait(wait)), wait)
  // Read only once the token is good: a stranger learns nothing from the answer about what a body should be.
  const body = read()
  if (body === undefined || body === null || body === '') return []
  const message = ownTracksMessage.safeParse(body)
  if (!message.success) throw new InvalidInputError(trackMessages.badBody)
  if (message.data._type !== 'location') return []
  const location = ownTracksLocation.safeParse(body)
  if (!location.success) throw new InvalidInputError(location.error.issues[0]?.message ?? trackMessages.badBody)
  const l = location.data
  await recordTrackPoint(deps, trip, {
    latitude: l.lat,
    longitude: l.lon,
    recordedAt: new Date(l.tst * 1000),
    accuracyM: l.acc,
    altitudeM: l.alt,
    battery: l.batt,
    source: 'owntracks',
  })
  return []
}

async function trackTripOrThrow(deps: Deps, id: number) {
  const trip = await deps.prisma.trip.findUnique({
    where: { id },
    select: {
      id: true,
      slug: true,
      trackDelayMinutes: true,
      trackPaused: true,
      trackZones: true,
      trackTokenCreatedAt: true,
    },
  })
  if (!trip) throw new NotFoundError(messages.trips.notFound)
  return trip
}

/** The owner's "Check in here": a point now, with an optional note and gallery photo. */
export async function checkIn(deps: Deps, input: z.infer<typeof checkInInput>): Promise<AdminTrack> {
  const trip = await trackTripOrThrow(deps, input.trip_id)
  if (input.image_id !== undefined) {
    const image = await deps.prisma.galleryImage.findUnique({ where: { id: input.image_id }, select: { id: true } })
    if (!image) throw new InvalidInputError(trackMessages.imageNotFound)
  }
  await recordTrackPoint(deps, trip, {
    latitude: input.latitude,
    longitude: input.longitude,
    recordedAt: deps.now(),
    accuracyM: input.accuracy_m,
    source: 'checkin',
    note: input.note,
    imageId: input.image_id,
  })
  return getAdminTrack(deps, trip.id)
}

const endpointOf = (deps: Deps) => new URL(OWNTRACKS_PATH, deps.config.publicUrl).toString()

/** A new tracking token for the trip (the old one stops working); shown once, only its hash is kept. */
export async function newTrackToken(deps: Deps, tripId: number) {
  const trip = await trackTripOrThrow(deps, tripId)
  const token = `wft_${randomBytes(32).toString('base64url')}`
  await deps.prisma.trip.update({
    where: { id: trip.id },
    data: { trackTokenHash: hashTrackToken(token), trackTokenCreatedAt: deps.now() },
  })
  const url = new URL(endpointOf(deps))
  url.username = trip.slug
  url.password = token
  return { token, url: url.toString(), endpoint: endpointOf(deps), username: trip.slug }
}

/** No token: the tracking app's points are refused (401) until a new one is made. */
export async function revokeTrackToken(deps: Deps, tripId: number): Promise<AdminTrack> {
  const trip = await trackTripOrThrow(deps, tripId)
  await deps.prisma.trip.update({ where: { id: trip.id }, data: { trackTokenHash: null, trackTokenCreatedAt: null } })
  return getAdminTrack(deps, trip.id)
}

/**
 * Delay, pause and zones (only the fields sent). A new delay moves every shown point's release moment, so the
 * releases are read again before the public cache keeps anything.
 */
export async function updateTrackSettings(deps: Deps, input: z.infer<typeof trackSettingsInput>): Promise<AdminTrack> {
  const trip = await trackTripOrThrow(deps, input.trip_id)
  await deps.prisma.$transaction(async (tx) => {
    await tx.trip.update({
      where: { id: trip.id },
      data: {
        ...(input.delay_minutes !== undefined ? { trackDelayMinutes: input.delay_minutes } : {}),
        ...(input.paused !== undefined ? { trackPaused: input.paused } : {}),
        ...(input.zones !== undefined ? { trackZones: input.zones as Prisma.InputJsonValue } : {}),
      },
    })
    if (input.delay_minutes !== undefined && input.delay_minutes !== trip.trackDelayMinutes)
      await tx.$executeRaw`UPDATE "trip_track_points" SET "public_at" = "recorded_at" + make_interval(mins => ${input.delay_minutes}::int) WHERE "trip_id" = ${trip.id} AND "hidden_reason" IS NULL`
  })
  deps.trackReleases?.reset()
  return getAdminTrack(deps, trip.id)
}

/** The owner's view: settings, whether a token exists, and the latest points exactly as recorded. */
export async function getAdminTrack(deps: Deps, tripId: number): Promise<AdminTrack> {
  const trip = await trackTripOrThrow(deps, tripId)
  const zones = zonesOf(trip.trackZones)
  const [points, count] = await Promise.all([
    deps.prisma.tripTrackPoint.findMany({
      where: { tripId: trip.id },
      orderBy: { recordedAt: 'desc' },
      take: 50,
    }),
    deps.prisma.tripTrackPoint.count({ where: { tripId: trip.id } }),
  ])
  return {
    trip_id: trip.id,
    delay_minutes: trip.trackDelayMinutes,
    paused: trip.trackPaused,
    zones,
    token_created_at: trip.trackTokenCreatedAt?.toISOString() ?? null,
    endpoint: endpointOf(deps),
    point_count: count,
    points: points.map((p) => ({
      id: p.id,
      latitude: p.latitude,
      longitude: p.longitude,
      recorded_at: p.recordedAt.toISOString(),
      source: p.source as AdminTrack['points'][number]['source'],
      note: p.note,
      accuracy_m: p.accuracyM,
      battery: p.battery,
      hidden_reason: trackPointReasons.find((r) => r === p.hiddenReason) ?? null,
      public_at: p.publicAt?.toISOString() ?? null,
      in_zone: insideZone(zones, p),
    })),
  }
}
