import { geoDistance, geoInterpolate } from 'd3-geo'

/** [longitude, latitude] on a line, a given share (0..1) of its length from its start. */
export function pointAlong(line: readonly [number, number][], share: number): [number, number] | null {
  const first = line[0]
  if (!first) return null
  const legs = line.slice(1).map((to, i) => ({ from: line[i]!, to, length: geoDistance(line[i]!, to) }))
  const total = legs.reduce((sum, leg) => sum + leg.length, 0)
  let left = Math.min(1, Math.max(0, share)) * total
  for (const leg of legs) {
    if (left <= leg.length) return leg.length === 0 ? leg.from : geoInterpolate(leg.from, leg.to)(left / leg.length)
    left -= leg.length
  }
  return line[line.length - 1] ?? first
}
