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
  // Clock-style; a live stream (P0D) or anything unreadable shows no duration.
  const shown = { PT45S: '0:45', PT12M34S: '12:34', PT1H2M3S: '1:02:03', PT18M: '18:00', P0D: null, bogus: null }
  it.each(Object.entries(shown))('shows %s as %s', (iso, clock) => {
    expect(formatDuration(iso)).toBe(clock)
  })
})

describe('formatVideoViews', () => {
  it('abbreviates string counts', () => {
    expect(formatVideoViews('152340')).toBe('152.3K views')
    expect(formatVideoViews('2500000')).toBe('2.5M views')
    expect(formatVideoViews('999')).toBe('999 views')
  })
})
