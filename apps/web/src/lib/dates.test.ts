import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMonthDay, formatTime } from './dates'

describe("dates in the site's format", () => {
  const afternoon = new Date(2026, 2, 5, 15, 7)
  it("writes 'MMM dd, yyyy', 'MMM dd' and 'h:mm a' in local time", () => {
    expect(formatDate(afternoon)).toBe('Mar 05, 2026')
    expect(formatMonthDay(afternoon)).toBe('Mar 05')
    expect(formatTime(afternoon)).toBe('3:07 PM')
    expect(formatDateTime(afternoon)).toBe('Mar 05, 2026 3:07 PM')
  })
  it('reads ISO strings and writes midnight and noon the 12-hour way', () => {
    expect(formatTime(new Date(2026, 11, 31, 0, 5))).toBe('12:05 AM')
    expect(formatTime(new Date(2026, 11, 31, 12, 0))).toBe('12:00 PM')
    expect(formatDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('Dec 31, 2026')
  })
})
