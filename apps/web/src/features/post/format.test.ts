import { describe, expect, it } from 'vitest'
import { formatPostDate, formatViews } from './format'

describe('post formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1000'],
    [1001, '1K'],
    [1500, '1.5K'],
    [4820, '4.8K'],
    [999_999, '1000K'],
    [1_000_000, '1000K'],
    [1_250_000, '1.3M'],
    [2_000_000, '2M'],
  ])('shows %i views as %s', (n, text) => expect(formatViews(n)).toBe(text))

  it("formats dates as 'MMM dd, yyyy'", () => {
    expect(formatPostDate('2026-03-05T12:00:00.000Z')).toBe('Mar 05, 2026')
  })
})
