import { describe, expect, it } from 'vitest'
import { dayRange, formatDistance, formatTripDates, lastSeenLine, timeAgo, tripDatesLine } from './format'

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

  it('writes distances and day ranges', () => {
    expect(formatDistance(1_234_567)).toBe('1,235 km')
    expect(formatDistance(420)).toBe('0.4 km')
    expect(dayRange(4, 6)).toBe('Days 4–6')
    expect(dayRange(4, 4)).toBe('Day 4')
  })

  it('says how long ago the traveller was last seen, and near where', () => {
    const now = Date.parse('2026-03-20T12:00:00Z')
    expect(timeAgo('2026-03-20T11:59:40Z', now)).toBe('just now')
    expect(timeAgo('2026-03-20T11:15:00Z', now)).toBe('45 minutes ago')
    expect(timeAgo('2026-03-20T09:00:00Z', now)).toBe('3 hours ago')
    expect(timeAgo('2026-03-19T11:00:00Z', now)).toBe('yesterday')
    expect(timeAgo('2026-03-06T12:00:00Z', now)).toBe('2 weeks ago')
    expect(lastSeenLine({ place: 'Puerto Natales', at: '2026-03-18T12:00:00Z' }, now)).toBe(
      'Last seen near Puerto Natales, 2 days ago',
    )
    expect(lastSeenLine({ place: null, at: '2026-03-20T09:00:00Z' }, now)).toBe('Last seen on the way, 3 hours ago')
  })
})
