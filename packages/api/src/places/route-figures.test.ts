import { describe, expect, it } from 'vitest'
import type { ParsedGpx, TrackPoint } from './gpx'
import { routeFigures, routeSegments, startsSegment, type StoredRoutePoint } from './route-figures'

const at = (longitude: number, latitude: number): TrackPoint => ({ longitude, latitude, elevation: null, time: null })
/** A straight walk east along a latitude, `count` points 0.01° apart, starting at `from`. */
const walk = (from: number, latitude: number, count: number) =>
  Array.from({ length: count }, (_, i) => at(from + i * 0.01, latitude))

describe('a route of several tracks or segments', () => {
  const gpx: ParsedGpx = { name: 'Two days', segments: [walk(7, 46, 50), walk(8, 46, 50)] }

  it('marks where each new segment starts, so the line is drawn in parts', () => {
    const { points } = routeFigures(gpx)
    const starts = points.flatMap((p, i) => (startsSegment(p) ? [i] : []))
    expect(starts).toHaveLength(1)
    const parts = routeSegments(points, ([lng, lat]) => [lng, lat])
    expect(parts).toHaveLength(2)
    // Each part runs from its own first point to its own last: nothing joins 7.49°E to 8°E.
    expect(parts[0]![0]).toEqual([7, 46])
    expect(parts[0]!.at(-1)![0]).toBeCloseTo(7.49)
    expect(parts[1]![0]).toEqual([8, 46])
    expect(parts[1]!.at(-1)![0]).toBeCloseTo(8.49)
  })

  it('keeps every segment’s ends even where simplifying would drop them', () => {
    // Three straight pieces on one line: simplified alone, only the very first and last points would stay.
    const pieces: ParsedGpx = { name: 'Ferry', segments: [walk(7, 46, 20), walk(7.3, 46, 20), walk(7.6, 46, 20)] }
    const parts = routeSegments(routeFigures(pieces).points, ([lng]) => Math.round(lng * 100) / 100)
    expect(parts.map((p) => [p[0], p.at(-1)])).toEqual([
      [7, 7.19],
      [7.3, 7.49],
      [7.6, 7.79],
    ])
  })

  it('does not count the gap between segments in the distance', () => {
    const one = routeFigures({ name: 'a', segments: [walk(7, 46, 50)] }).distanceM
    expect(routeFigures(gpx).distanceM).toBe(one * 2)
  })

  it('reads a route stored before segments were marked as one line', () => {
    const old: StoredRoutePoint[] = [
      [7, 46, null, null],
      [7.1, 46, null, null],
      [8, 46.5, null, null],
    ]
    expect(routeSegments(old, ([lng]) => lng)).toEqual([[7, 7.1, 8]])
  })
})
