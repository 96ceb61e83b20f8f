import { describe, expect, it } from 'vitest'
import { formatDuration, formatVideoViews, SHORT_TITLE_MAX, truncateTitle, VIDEO_TITLE_MAX } from './video-format'

describe('truncateTitle', () => {
  it('cuts video titles after 60 and shorts titles after 40 characters', () => {
    const long = 'Crossing the Andes by Night Bus: Twenty Hours from Santiago to Mendoza and Back Again'
    expect(truncateTitle(long, VIDEO_TITLE_MAX)).toBe('Crossing the Andes by Night Bus: Twenty Hours from Santiago…')
    expect(truncateTitle(long, SHORT_TITLE_MAX)).toBe('Crossing the Andes by Night Bus: Twenty…')
    expect(truncateTitle('x'.repeat(60), VIDEO_TITLE_MAX)).toBe('x'.repeat(60))
    expect(truncateTitle('x'.repeat(61), VIDEO_TITLE_MAX)).toBe(`${'x'.repeat(60)}…`)
  })
})

describe('formatDuration', () => {
  it('shows clock-style durations and hides live streams', () => {
    expect(formatDuration('PT45S')).toBe('0:45')
    expect(formatDuration('PT12M34S')).toBe('12:34')
    expect(formatDuration('PT1H2M3S')).toBe('1:02:03')
    expect(formatDuration('PT18M')).toBe('18:00')
    expect(formatDuration('P0D')).toBeNull()
    expect(formatDuration('bogus')).toBeNull()
  })
})

describe('formatVideoViews', () => {
  it('abbreviates string counts', () => {
    expect(formatVideoViews('152340')).toBe('152.3K views')
    expect(formatVideoViews('2500000')).toBe('2.5M views')
    expect(formatVideoViews('999')).toBe('999 views')
  })
})
