import { describe, expect, it } from 'vitest'
import { pointsOf, stepHtml } from './polarsteps-plan'

describe('a Polarsteps step and route as Wayfarer keeps them', () => {
  it('a description becomes escaped paragraphs; a step without one says its place', () => {
    expect(stepHtml('Rain & wind.\nStill <lovely>.\n\n\nNext day: sun.', 'Vík')).toBe(
      '<p>Rain &amp; wind.<br>Still &lt;lovely&gt;.</p><p>Next day: sun.</p>',
    )
    expect(stepHtml('  \n ', 'Vík')).toBe('<p>Vík</p>')
  })

  it('orders the route, keeps one point a moment, and marks a jump faster than an airliner', () => {
    const points = pointsOf([
      { lat: 64.1, lon: -21.9, time: 2_000 },
      { lat: 64.1, lon: -21.9, time: 1_000 },
      { lat: 64.1, lon: -21.9, time: 1_000 },
      // Reykjavík to Tokyo in ten minutes, then back near where the route was.
      { lat: 35.7, lon: 139.7, time: 2_600 },
      { lat: 64.2, lon: -21.8, time: 9_000 },
    ])
    expect(points.map((p) => [p.recordedAt.getTime() / 1000, p.tooFast])).toEqual([
      [1_000, false],
      [2_000, false],
      [2_600, true],
      [9_000, false],
    ])
  })
})
