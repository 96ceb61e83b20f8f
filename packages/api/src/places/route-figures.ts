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

/** [longitude, latitude, elevation | null, epoch ms | null] */
export type StoredRoutePoint = [number, number, number | null, number | null]

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
  const along: { point: TrackPoint; distance: number }[] = []
  for (const segment of gpx.segments) {
    let low: number | null = null
    segment.forEach((point, i) => {
      if (i > 0) distanceM += haversineM(segment[i - 1]!, point)
      along.push({ point, distance: distanceM })
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
    points: simplifyForDisplay(all),
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

/** The line as stored for display: at most MAX_DISPLAY_POINTS points. */
function simplifyForDisplay(points: TrackPoint[]): StoredRoutePoint[] {
  const xy = points.map((p) => [p.longitude, p.latitude] as const)
  return simplifiedIndices(xy, MAX_DISPLAY_POINTS).map((i) => {
    const p = points[i]!
    return [p.longitude, p.latitude, p.elevation === null ? null : Math.round(p.elevation * 10) / 10, p.time]
  })
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
