import { describe, expect, it } from 'vitest'
import { contrastRatio, readableTextColor, tintOnWhite } from './contrast'

describe('badge contrast', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
  })

  it.each(['#EA580C', '#0891B2', '#16A34A', '#DB2777', '#2563EB', '#6B7280', '#FACC15'])(
    'keeps %s readable on its own tint',
    (color) => {
      const background = tintOnWhite(color, 0x1a / 255)
      expect(contrastRatio(readableTextColor(color, background), background)).toBeGreaterThanOrEqual(4.5)
    },
  )

  it('leaves a colour that already reads well alone', () => {
    expect(readableTextColor('#1f2937', '#ffffff')).toBe('#1f2937')
  })
})
