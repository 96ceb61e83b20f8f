import { geoDistance, geoInterpolate } from 'd3-geo'

type Point = [number, number]

/**
 * [longitude, latitude] on a line, a given share (0..1) of its length from its start. `breaks` are the indices
 * where a new segment starts: the gap before each was not travelled and counts for nothing.
 */
export function pointAlong(line: readonly Point[], share: number, breaks: readonly number[] = []): Point | null {
  const first = line[0]
  if (!first) return null
  const gaps = new Set(breaks)
  const legs = line
    .slice(1)
    .map((to, i) => ({ from: line[i]!, to, length: gaps.has(i + 1) ? 0 : geoDistance(line[i]!, to) }))
  const total = legs.reduce((sum, leg) => sum + leg.length, 0)
  let left = Math.min(1, Math.max(0, share)) * total
  for (const leg of legs) {
    if (left <= leg.length) return leg.length === 0 ? leg.from : geoInterpolate(leg.from, leg.to)(left / leg.length)
    left -= leg.length
  }
  return line[line.length - 1] ?? first
}

/** The line cut at its breaks: one list of points per segment, for drawing without joining them. */
export function segmentsOf(line: readonly Point[], breaks: readonly number[]): Point[][] {
  const cuts = [0, ...breaks.filter((b) => b > 0 && b < line.length), line.length]
  return cuts.slice(1).map((end, i) => line.slice(cuts[i], end))
}
