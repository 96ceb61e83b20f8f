import { describe, expect, it } from 'vitest'
import { messages } from '@wayfarer/api/messages'
import { emptyTripForm, fieldOfServerError, tripFormErrors, tripPayload } from './trip-form-state'

const m = messages.trips

describe('the trip editor’s fields', () => {
  const valid = { ...emptyTripForm(), title: 'Nepal', start_date: '2026-03-12', time_zone: 'Asia/Kathmandu' }

  it('sends an empty end date as "goes on" and leaves an empty address to the server', () => {
    expect(tripPayload(valid)).toMatchObject({ end_date: null, title: 'Nepal' })
    expect(tripPayload(valid)).not.toHaveProperty('slug')
    expect(tripPayload({ ...valid, slug: ' nepal ' })).toMatchObject({ slug: 'nepal' })
  })

  it('refuses an end before the start and an unknown or offset zone, in the server’s words', () => {
    expect(tripFormErrors(valid)).toEqual({})
    expect(tripFormErrors({ ...valid, end_date: '2026-03-01' })).toEqual({ end_date: m.endBeforeStart })
    expect(tripFormErrors({ ...valid, time_zone: 'Mars/Olympus' })).toEqual({ time_zone: m.unknownTimeZone })
    expect(tripFormErrors({ ...valid, time_zone: '+05:45' })).toEqual({ time_zone: m.unknownTimeZone })
    expect(tripFormErrors({ ...valid, title: ' ' })).toEqual({ title: m.titleRequired })
  })

  it('puts the server’s refusals next to the field they are about', () => {
    expect(fieldOfServerError(m.endBeforeStart)).toBe('end_date')
    expect(fieldOfServerError(m.unknownTimeZone)).toBe('time_zone')
    expect(fieldOfServerError(m.slugTaken)).toBe('slug')
    expect(fieldOfServerError(m.storyOutside('Day one', '2026-01-01', '2026-03-12', null))).toBe('start_date')
    expect(fieldOfServerError('Something else')).toBeNull()
  })
})
