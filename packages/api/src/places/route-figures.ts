import simplify from 'simplify-js'
import type { ParsedGpx, TrackPoint } from './gpx'

/** Points kept for drawing a route; the figures are computed from every recorded point. */
export const MAX_DISPLAY_POINTS = 2000
const PROFILE_SAMPLES = 300
/** A climb counts once it rises this far above the last low point, so GPS noise adds nothing. */
const CLIMB_THRESHOLD_M = 5
const EARTH_RADIUS_M = 6_371_008.8

export const haversineM = (
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number => {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLng = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * [longitude, latitude, elevation | null, epoch ms | null, 1 where a new track segment starts]. A GPX may hold
 * several tracks or segments (a day in two halves, a ferry between two walks): nothing was travelled between
 * them, so no line joins them. Routes stored before the mark existed have none and are drawn as one line.
 */
export type StoredRoutePoint =
  [number, number, number | null, number | null] | [number, number, number | null, number | null, 1]

/** Whether a new track segment starts at this point (the gap before it was not travelled). */
export const startsSegment = (point: StoredRoutePoint): boolean => point.length === 5 && point[4] === 1

/** Beyond this many segments their ends are not all kept when simplifying (the display's point budget wins). */
const MAX_KEPT_SEGMENT_ENDS = 500

export interface RouteFigures {
  name: string
  points: StoredRoutePoint[]
  profile: [number, number][]
  distanceM: number
  elevationGainM: number
  pointCount: number
  startedAt: Date | null
  endedAt: Date | null
  bbox: [number, number, number, number]
  start: TrackPoint
}

export function routeFigures(gpx: ParsedGpx): RouteFigures {
  let distanceM = 0
  let elevationGainM = 0
  const along: { point: TrackPoint; distance: number; segment: number }[] = []
  for (const [index, segment] of gpx.segments.entries()) {
    let low: number | null = null
    segment.forEach((point, i) => {
      if (i > 0) distanceM += haversineM(segment[i - 1]!, point)
      along.push({ point, distance: distanceM, segment: index })
      if (point.elevation === null) return
      if (low === null || point.elevation < low) low = point.elevation
      else if (point.elevation - low >= CLIMB_THRESHOLD_M) {
        elevationGainM += point.elevation - low
        low = point.elevation
      }
    })
  }
  const all = along.map((a) => a.point)
  const times = all.flatMap((p) => (p.time === null ? [] : [p.time]))
  return {
    name: gpx.name,
    points: simplifyForDisplay(
      all,
      along.map((a) => a.segment),
      gpx.segments.length,
    ),
    profile: profileOf(along),
    distanceM: Math.round(distanceM),
    elevationGainM: Math.round(elevationGainM),
    pointCount: all.length,
    startedAt: times.length ? new Date(times.reduce((a, b) => Math.min(a, b))) : null,
    endedAt: times.length ? new Date(times.reduce((a, b) => Math.max(a, b))) : null,
    // Loops, not Math.min(...): a spread of 100,000 arguments can overflow the stack.
    bbox: all.reduce<[number, number, number, number]>(
      ([w, s, e, n], p) => [
        Math.min(w, p.longitude),
        Math.min(s, p.latitude),
        Math.max(e, p.longitude),
        Math.max(n, p.latitude),
      ],
      [Infinity, Infinity, -Infinity, -Infinity],
    ),
    start: all[0]!,
  }
}

/**
 * Douglas–Peucker (degrees as plane coordinates) with a growing tolerance until at most `max` points are left:
 * the indices of the points kept, first and last always among them.
 */
export function simplifiedIndices(points: readonly (readonly [number, number])[], max: number): number[] {
  const indexed = points.map(([x, y], i) => ({ x, y, i }))
  if (indexed.length <= 2) return indexed.map(({ i }) => i)
  let tolerance = 0.00001
  let kept = indexed
  while (kept.length > max || tolerance === 0.00001) {
    kept = simplify(indexed, tolerance, true) as typeof indexed
    tolerance *= 2
  }
  return kept.map(({ i }) => i)
}

/** The line as stored for display: at most MAX_DISPLAY_POINTS points (plus the segments' ends), breaks marked. */
function simplifyForDisplay(points: TrackPoint[], segmentOf: number[], segments: number): StoredRoutePoint[] {
  const xy = points.map((p) => [p.longitude, p.latitude] as const)
  const kept = new Set(simplifiedIndices(xy, MAX_DISPLAY_POINTS))
  // Each segment keeps its ends, so the line stops and starts again where the track did.
  if (segments <= MAX_KEPT_SEGMENT_ENDS)
    segmentOf.forEach((segment, i) => {
      if (i > 0 && segment !== segmentOf[i - 1]) kept.add(i - 1).add(i)
    })
  const indices = [...kept].sort((a, b) => a - b)
  return indices.map((i, k) => {
    const p = points[i]!
    const elevation = p.elevation === null ? null : Math.round(p.elevation * 10) / 10
    const newSegment = k > 0 && segmentOf[i] !== segmentOf[indices[k - 1]!]
    const point: StoredRoutePoint = newSegment
      ? [p.longitude, p.latitude, elevation, p.time, 1]
      : [p.longitude, p.latitude, elevation, p.time]
    return point
  })
}

/** The stored line cut where a new segment starts: one list of points per part travelled. */
export function routeSegments<T>(points: readonly StoredRoutePoint[], pick: (point: StoredRoutePoint) => T): T[][] {
  const parts: T[][] = []
  for (const point of points) {
    const last = parts.at(-1)
    if (!last || startsSegment(point)) parts.push([pick(point)])
    else last.push(pick(point))
  }
  return parts
}

/** Evenly spaced (by distance) elevation samples; empty when the track has no elevations. */
function profileOf(along: { point: TrackPoint; distance: number }[]): [number, number][] {
  const withElevation = along.filter((a) => a.point.elevation !== null)
  if (withElevation.length < 2) return []
  const total = withElevation.at(-1)!.distance
  const samples: [number, number][] = []
  let k = 0
  for (let s = 0; s < PROFILE_SAMPLES; s++) {
    const target = (total * s) / (PROFILE_SAMPLES - 1)
    while (k < withElevation.length - 1 && withElevation[k + 1]!.distance <= target) k++
    const a = withElevation[k]!
    samples.push([Math.round(a.distance), Math.round(a.point.elevation! * 10) / 10])
  }
  return samples
}
