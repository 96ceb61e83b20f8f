import { describe, expect, it } from 'vitest'
import { pointAlong, segmentsOf } from './route-geometry'

describe('a point along a route', () => {
  // Two equal legs along the equator: 0 → 1° → 2° east.
  const line: [number, number][] = [
    [0, 0],
    [1, 0],
    [2, 0],
  ]

  it('finds the start, the end and the points between by share of the length', () => {
    expect(pointAlong(line, 0)).toEqual([0, 0])
    expect(pointAlong(line, 1)).toEqual([2, 0])
    const [quarter] = pointAlong(line, 0.25)!
    expect(quarter).toBeCloseTo(0.5, 6)
    const [threeQuarters] = pointAlong(line, 0.75)!
    expect(threeQuarters).toBeCloseTo(1.5, 6)
  })

  it('keeps shares within the line, and has no point on an empty line', () => {
    expect(pointAlong(line, -1)).toEqual([0, 0])
    expect(pointAlong(line, 3)).toEqual([2, 0])
    expect(pointAlong([[5, 5]], 0.5)).toEqual([5, 5])
    expect(pointAlong([], 0.5)).toBeNull()
  })
})

describe('a route of several segments', () => {
  // Two walks along the equator, 0 → 1° and 5° → 6°: the 4° between them was not travelled.
  const line: [number, number][] = [
    [0, 0],
    [1, 0],
    [5, 0],
    [6, 0],
  ]

  it('is cut into its segments', () => {
    expect(segmentsOf(line, [2])).toEqual([
      [
        [0, 0],
        [1, 0],
      ],
      [
        [5, 0],
        [6, 0],
      ],
    ])
    expect(segmentsOf(line, [])).toEqual([line])
  })

  it('places a share along what was travelled, not across the gap', () => {
    const [early] = pointAlong(line, 0.4, [2])!
    expect(early).toBeCloseTo(0.8, 6)
    const [threeQuarters] = pointAlong(line, 0.75, [2])!
    expect(threeQuarters).toBeCloseTo(5.5, 6)
  })
})
