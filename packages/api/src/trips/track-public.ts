import type { PrismaClient } from '@wayfarer/db'
import { haversineM, MAX_DISPLAY_POINTS } from '../places/route-figures'
import { roundCoordinate } from '../places/precision'
import type { Gazetteer } from '../places/gazetteer'
import type { LineContext, LinePoint, TripLine, TripLineSource } from './lines'
import { simplifiedLines } from './line-simplify'
import { trackZone, type LastSeen, type TrackZone } from './track-schema'
import { z } from 'zod'

/**
 * What visitors may see of a trip's tracked points (docs/trips.md, "Live"): only points whose release moment
 * (`public_at`: recorded plus the trip's delay, null while hidden) has come, never one inside a private zone (the
 * track is cut where it enters one and starts again where it leaves), and only rounded to LOCATION_PRECISION. The
 * raw points never leave the owner's procedures.
 */

interface RawPoint {
  latitude: number
  longitude: number
}

const zonesSchema = z.array(trackZone)

/** The trip's zones as stored (always written through the schema). */
export function zonesOf(stored: unknown): TrackZone[] {
  const parsed = zonesSchema.safeParse(stored)
  // A value that does not read as zones would be a bug: one zone over the whole Earth is its safe side.
  return parsed.success ? parsed.data : [{ name: '', latitude: 0, longitude: 0, radius_m: 100_000_000 }]
}

export const insideZone = (zones: TrackZone[], p: RawPoint): boolean =>
  zones.some((z) => haversineM(z, p) <= z.radius_m)

/** The public form of a point: rounded; null when it (raw or rounded) lies inside a zone. */
export function publicPoint(zones: TrackZone[], p: RawPoint, precision: number): RawPoint | null {
  if (insideZone(zones, p)) return null
  const rounded = {
    latitude: roundCoordinate(p.latitude, precision),
    longitude: roundCoordinate(p.longitude, precision),
  }
  return insideZone(zones, rounded) ? null : rounded
}

/** The trips' zones and their points that are public at `now`, oldest first. */
async function releasedPoints(ctx: LineContext, tripIds: number[]) {
  const [trips, points] = await Promise.all([
    ctx.prisma.trip.findMany({ where: { id: { in: tripIds } }, select: { id: true, trackZones: true } }),
    ctx.prisma.tripTrackPoint.findMany({
      where: { tripId: { in: tripIds }, publicAt: { lte: ctx.now } },
      select: { tripId: true, latitude: true, longitude: true, recordedAt: true },
      orderBy: [{ tripId: 'asc' }, { recordedAt: 'asc' }],
    }),
  ])
  const byTrip = new Map(trips.map((t) => [t.id, { zones: zonesOf(t.trackZones), points: [] as typeof points }]))
  for (const p of points) byTrip.get(p.tripId)?.points.push(p)
  return byTrip
}

/**
 * What the public track of each trip is made of, in a few bytes: its zones, the precision, and the count, id sum and
 * newest time of its released points. Reading this costs one aggregate; reading and cutting 50,000 points costs
 * seconds on the embedded database, on every uncached trip page and every figure of /trips.
 */
async function trackVersions(ctx: LineContext, tripIds: number[]): Promise<Map<number, string>> {
  const [trips, released] = await Promise.all([
    ctx.prisma.trip.findMany({ where: { id: { in: tripIds } }, select: { id: true, trackZones: true } }),
    ctx.prisma.tripTrackPoint.groupBy({
      by: ['tripId'],
      where: { tripId: { in: tripIds }, publicAt: { lte: ctx.now } },
      _count: { _all: true },
      _sum: { id: true },
      _max: { recordedAt: true },
    }),
  ])
  const byTrip = new Map(released.map((r) => [r.tripId, r]))
  return new Map(
    trips.map((t) => {
      const r = byTrip.get(t.id)
      const points = r ? `${r._count._all}:${r._sum.id}:${r._max.recordedAt?.getTime()}` : '0'
      return [t.id, `${ctx.precision}|${points}|${JSON.stringify(t.trackZones)}`]
    }),
  )
}

/**
 * The public lines last cut per trip, kept with the version they were cut from. The version is read from the
 * database on every call, so a new point, a zone or another process's write is never answered from here.
 */
const cutLines = new Map<number, { version: string; lines: TripLine[] }>()
const CUT_LINES_KEPT = 50

async function publicTrackLines(ctx: LineContext, tripIds: number[]): Promise<Map<number, TripLine[]>> {
  const result = new Map<number, TripLine[]>()
  if (!tripIds.length) return result
  const versions = await trackVersions(ctx, tripIds)
  const stale = [...versions].filter(([id, version]) => cutLines.get(id)?.version !== version).map(([id]) => id)
  if (stale.length)
    for (const [id, { zones, points }] of await releasedPoints(ctx, stale)) {
      // Kept as a story's GPX route is (every map draws fewer points), measured on every point.
      const lines = simplifiedLines(publicLines(zones, points, ctx.precision), MAX_DISPLAY_POINTS)
      // The track as a whole starts with its first point, ordered among the stories' routes by it.
      if (lines[0] && points[0]) lines[0].startedAt = points[0].recordedAt
      cutLines.delete(id)
      cutLines.set(id, { version: versions.get(id)!, lines })
      if (cutLines.size > CUT_LINES_KEPT) cutLines.delete(cutLines.keys().next().value!)
    }
  for (const id of versions.keys()) {
    const lines = cutLines.get(id)?.lines
    if (lines?.length) result.set(id, lines)
  }
  return result
}

/** Cuts a trip's released points into public lines: rounded, repeated spots dropped, broken at every zone. */
export function publicLines(zones: TrackZone[], points: RawPoint[], precision: number): TripLine[] {
  const lines: TripLine[] = []
  let current: LinePoint[] = []
  const close = () => {
    if (current.length >= 2) lines.push({ points: current, distanceM: lengthOf(current), startedAt: null })
    current = []
  }
  for (const p of points) {
    const shown = publicPoint(zones, p, precision)
    if (!shown) {
      close()
      continue
    }
    const last = current[current.length - 1]
    if (last && last[0] === shown.longitude && last[1] === shown.latitude) continue
    current.push([shown.longitude, shown.latitude])
  }
  close()
  return lines
}

const lengthOf = (line: LinePoint[]) =>
  line.reduce(
    (sum, [lng, lat], i) =>
      i === 0
        ? 0
        : sum +
          haversineM({ latitude: line[i - 1]![1], longitude: line[i - 1]![0] }, { latitude: lat, longitude: lng }),
    0,
  )

/** The trips' tracked points as lines, as visitors may see them at `ctx.now`. */
export const trackedPoints: TripLineSource = {
  async distances(ctx, tripIds) {
    const totals = new Map<number, number>()
    for (const [id, lines] of await this.lines(ctx, tripIds))
      totals.set(
        id,
        lines.reduce((n, l) => n + l.distanceM, 0),
      )
    return totals
  },
  lines: publicTrackLines,
}

/**
 * "Last seen near {place}, {time ago}": the newest public point of a trip, rounded, outside every zone; its time to
 * the minute. The place is the gazetteer's nearest town to the rounded point.
 */
export async function lastSeenOf(
  deps: { prisma: PrismaClient; now: () => Date; places: { precision: number; gazetteer: Gazetteer } },
  trip: { id: number; trackZones: unknown },
): Promise<LastSeen | null> {
  const zones = zonesOf(trip.trackZones)
  const recent = await deps.prisma.tripTrackPoint.findMany({
    where: { tripId: trip.id, publicAt: { lte: deps.now() } },
    select: { latitude: true, longitude: true, recordedAt: true, note: true },
    orderBy: { recordedAt: 'desc' },
    // Looking further back than this for a point outside the zones says nothing useful about "now".
    take: 200,
  })
  for (const p of recent) {
    const shown = publicPoint(zones, p, deps.places.precision)
    if (!shown) continue
    const place = deps.places.gazetteer.nearest(shown.latitude, shown.longitude)
    const minute = new Date(Math.floor(p.recordedAt.getTime() / 60_000) * 60_000)
    return {
      place: place?.name ?? null,
      country_code: place?.country_code ?? null,
      latitude: shown.latitude,
      longitude: shown.longitude,
      at: minute.toISOString(),
      note: p.note,
    }
  }
  return null
}
