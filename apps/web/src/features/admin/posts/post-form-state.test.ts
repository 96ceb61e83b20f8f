import { describe, expect, it } from 'vitest'
import { emptyPostForm, postPayload, toLocalInput } from './post-form-state'

describe('post form rules', () => {
  it('defaults the meta title to the title and the meta description to the excerpt', () => {
    const values = { ...emptyPostForm(), title: 'Lisbon', excerpt: 'Trams and tiles.' }
    expect(postPayload(values, 'draft')).toMatchObject({
      meta_title: 'Lisbon',
      meta_description: 'Trams and tiles.',
      status: 'draft',
    })
    expect(postPayload({ ...values, meta_title: 'Own', meta_description: 'Desc' })).toMatchObject({
      meta_title: 'Own',
      meta_description: 'Desc',
    })
    expect(postPayload(values)).not.toHaveProperty('status')
  })

  it('sends the point and country as they are, null when the story is not on the map', () => {
    expect(postPayload(emptyPostForm())).toMatchObject({ latitude: null, longitude: null, country_code: null })
    const placed = { ...emptyPostForm(), latitude: 28.2096, longitude: 83.9856, country_code: 'NP' }
    expect(postPayload(placed)).toMatchObject({ latitude: 28.2096, longitude: 83.9856, country_code: 'NP' })
  })

  it('sends the trip as it is and when it happened as an instant, null when it is empty', () => {
    expect(postPayload(emptyPostForm())).toMatchObject({ trip_id: null, happened_at: null })
    const local = toLocalInput('2026-03-12T06:15:00.000Z')
    expect(postPayload({ ...emptyPostForm(), trip_id: 3, happened_at: local })).toMatchObject({
      trip_id: 3,
      happened_at: '2026-03-12T06:15:00.000Z',
    })
  })
})
