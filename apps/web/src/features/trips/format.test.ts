import { describe, expect, it } from 'vitest'
import { dayRange, flagOf, formatDistance, formatTripDates, tripDatesLine } from './format'

describe('trip formats', () => {
  it('writes the dates as calendar days, the year once when both ends share it', () => {
    expect(formatTripDates('2026-03-12', '2026-04-02')).toBe('12 Mar – 2 Apr 2026')
    expect(formatTripDates('2025-12-28', '2026-01-04')).toBe('28 Dec 2025 – 4 Jan 2026')
    expect(formatTripDates('2026-03-12', '2026-03-12')).toBe('12 Mar 2026')
    expect(formatTripDates('2026-03-12', null)).toBe('Since 12 Mar 2026')
  })

  it('adds the day count: the length when finished, the day reached while live', () => {
    expect(tripDatesLine({ start_date: '2026-03-12', end_date: '2026-04-02', day_count: 22, state: 'finished' })).toBe(
      '12 Mar – 2 Apr 2026 · 22 days',
    )
    expect(tripDatesLine({ start_date: '2026-03-12', end_date: null, day_count: 4, state: 'live' })).toBe(
      'Since 12 Mar 2026 · day 4',
    )
    expect(tripDatesLine({ start_date: '2026-03-12', end_date: null, day_count: 0, state: 'planned' })).toBe(
      'Since 12 Mar 2026',
    )
  })

  it('writes flags, distances and day ranges', () => {
    expect(flagOf('np')).toBe('🇳🇵')
    expect(flagOf('x')).toBe('')
    expect(formatDistance(1_234_567)).toBe('1,235 km')
    expect(formatDistance(420)).toBe('0.4 km')
    expect(dayRange(4, 6)).toBe('Days 4–6')
    expect(dayRange(4, 4)).toBe('Day 4')
  })
})
