import { describe, expect, it } from 'vitest'
import { dayGroupText, groupOverlappingDays } from './day-groups'

describe('trip day markers that would overlap', () => {
  it('share a marker when closer than a target allows, and stay apart otherwise', () => {
    const placed = [
      { item: 3, left: 100, top: 100 },
      { item: 4, left: 110, top: 96 },
      { item: 5, left: 200, top: 100 },
      { item: 18, left: 100, top: 125 },
      { item: 23, left: 100, top: 131 },
    ]
    const groups = groupOverlappingDays(placed).map((g) => g.map((d) => d.item))
    expect(groups).toEqual([[3, 4, 18], [5], [23]])
  })

  it('says which days a shared marker holds', () => {
    expect(dayGroupText([7])).toBe('7')
    expect(dayGroupText([3, 4])).toBe('3, 4')
    expect(dayGroupText([3, 18])).toBe('3, 18')
    expect(dayGroupText([3, 4, 5])).toBe('3–5')
    expect(dayGroupText([3, 4, 18])).toBe('3+')
  })
})
