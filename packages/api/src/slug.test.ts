import { describe, expect, it } from 'vitest'
import { slugify } from './slug'

describe('slugify', () => {
  it.each([
    ['Ten Days on the Annapurna Circuit', 'ten-days-on-the-annapurna-circuit'],
    ['Crème brûlée in Évora!', 'creme-brulee-in-evora'],
    ['  --Hello   World--  ', 'hello-world'],
    ['日本', ''],
  ])('%s → %s', (input, slug) => expect(slugify(input)).toBe(slug))

  it('caps the length without a trailing dash', () => {
    const slug = slugify('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug.endsWith('-')).toBe(false)
  })
})
