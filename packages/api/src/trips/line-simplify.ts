import { simplifiedIndices } from '../places/route-figures'
import type { LinePoint, TripLine } from './lines'

/**
 * The lines simplified to at most `maxPoints` points together, each line's share in proportion to its length in
 * points (never fewer than its two ends), so a map's answer stays bounded however many routes a trip has. The
 * distances stay those of the full lines.
 */
export function simplifiedLines(lines: TripLine[], maxPoints: number): TripLine[] {
  const total = lines.reduce((n, l) => n + l.points.length, 0)
  if (total <= maxPoints) return lines
  return lines.map((l) => {
    const share = Math.max(2, Math.floor((maxPoints * l.points.length) / total))
    return { ...l, points: simplifiedIndices(l.points, share).map((i): LinePoint => l.points[i]!) }
  })
}
