import { describe, expect, it } from 'vitest'
import { durationSeconds, isShort } from './shorts'

describe('durationSeconds', () => {
  it('reads the ISO 8601 durations YouTube sends', () => {
    expect(durationSeconds('PT1H2M3S')).toBe(3723)
    expect(durationSeconds('PT59S')).toBe(59)
    expect(durationSeconds('PT3M')).toBe(180)
    expect(durationSeconds('P1DT1S')).toBe(86_401)
    expect(durationSeconds('P0D')).toBe(0)
  })

  it('refuses what is not a duration', () => {
    for (const bad of ['', 'P', 'PT', '3:00', 'PT1X']) expect(durationSeconds(bad)).toBeNull()
  })
})

describe('isShort', () => {
  const v = (duration: string, title = 'A walk', description = '') => ({ duration, title, description })

  it('counts anything from one second up to three minutes', () => {
    expect(isShort(v('PT1S'))).toBe(true)
    expect(isShort(v('PT3M'))).toBe(true)
    expect(isShort(v('PT3M1S'))).toBe(false)
  })

  it('does not take live streams (P0D) or unreadable durations for Shorts', () => {
    expect(isShort(v('P0D'))).toBe(false)
    expect(isShort(v('nonsense'))).toBe(false)
  })

  it('honours a #shorts tag in the title or description at any length', () => {
    expect(isShort(v('PT10M', 'Sunrise #Shorts'))).toBe(true)
    expect(isShort(v('PT10M', 'Sunrise', 'Filmed in Bali #shorts #travel'))).toBe(true)
    expect(isShort(v('PT10M', 'Sunrise #shortstory'))).toBe(false)
  })
})
