import { describe, expect, it } from 'vitest'
import { countries, countriesInView } from './world-map'

const names = (list: { name: string }[]) => list.map((c) => c.name)

describe('the countries a view draws', () => {
  it('draws every country when the whole world is in view', () => {
    expect(countriesInView({ longitude: 0, latitude: 20, zoom: 1 }, 800, 420)).toHaveLength(countries.length)
  })

  it('draws only the countries near a trip zoomed in on Patagonia', () => {
    const drawn = names(countriesInView({ longitude: -72.5, latitude: -49.5, zoom: 7 }, 400, 420))
    expect(drawn).toEqual(expect.arrayContaining(['Argentina', 'Chile']))
    expect(drawn).not.toContain('France')
    expect(drawn).not.toContain('Brazil')
    expect(drawn.length).toBeLessThan(10)
  })

  it('keeps a country that crosses the antimeridian on both sides of it', () => {
    for (const longitude of [178, -178])
      expect(names(countriesInView({ longitude, latitude: 66, zoom: 6 }, 400, 420))).toContain('Russia')
  })
})
