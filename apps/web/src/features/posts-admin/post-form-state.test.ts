import { describe, expect, it } from 'vitest'
import { emptyPostForm, excerptFromContent, postPayload } from './post-form-state'

describe('post form rules (SPEC.md §5)', () => {
  it('makes an excerpt of 160 characters of text with an ellipsis only when 160 were reached', () => {
    expect(excerptFromContent('<h2>Day</h2><p>Short &amp; sweet.</p>')).toBe('Day Short & sweet.')
    const long = `<p>${'a'.repeat(200)}</p>`
    expect(excerptFromContent(long)).toBe(`${'a'.repeat(160)}...`)
    expect(excerptFromContent(`<p>${'b'.repeat(160)}</p>`)).toBe(`${'b'.repeat(160)}...`)
    expect(excerptFromContent(`<p>${'c'.repeat(159)}</p>`)).toBe('c'.repeat(159))
  })

  it('defaults the meta title to the title and the meta description to the excerpt', () => {
    const values = { ...emptyPostForm(), title: 'Lisbon', excerpt: 'Trams and tiles.' }
    expect(postPayload(values, 'draft')).toMatchObject({ meta_title: 'Lisbon', meta_description: 'Trams and tiles.', status: 'draft' })
    expect(postPayload({ ...values, meta_title: 'Own', meta_description: 'Desc' })).toMatchObject({ meta_title: 'Own', meta_description: 'Desc' })
    expect(postPayload(values)).not.toHaveProperty('status')
  })
})
