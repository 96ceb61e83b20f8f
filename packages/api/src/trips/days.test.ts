import { describe, expect, it } from 'vitest'
import {
  dayCountAt,
  dayNumberOf,
  fitsTrip,
  localDateOf,
  middayOf,
  startOfDate,
  storyDayOf,
  tripStateAt,
  type TripDates,
} from './days'
import { canonicalTimeZone } from './time-zone'

const at = (iso: string) => new Date(iso)

describe('day numbers are counted in the trip’s time zone', () => {
  it('a story at 23:30 local on day 1 is day 1, though it is already day 2 in UTC (west of Greenwich)', () => {
    // 23:30 in La Paz (UTC-4) on 12 March is 03:30 UTC on 13 March.
    const story = at('2026-03-13T03:30:00Z')
    expect(localDateOf(story, 'UTC')).toBe('2026-03-13')
    expect(dayNumberOf(story, '2026-03-12', 'America/La_Paz')).toBe(1)
  })

  it('a story at 23:30 local on day 1 is day 1, though UTC still says the day before (east of Greenwich)', () => {
    // 00:30 in Kathmandu (UTC+5:45) on 13 March is 18:45 UTC on 12 March: day 2 locally, the start date in UTC.
    expect(dayNumberOf(at('2026-03-12T18:45:00Z'), '2026-03-12', 'Asia/Kathmandu')).toBe(2)
    // 23:30 on 12 March in Kathmandu.
    expect(dayNumberOf(at('2026-03-12T17:45:00Z'), '2026-03-12', 'Asia/Kathmandu')).toBe(1)
  })

  it('counts across the date line: Pacific/Kiritimati (UTC+14) and Pacific/Honolulu (UTC-10) differ by a whole day', () => {
    // One instant, 10:00 UTC on 1 June: 00:00 on 2 June in Kiritimati, 00:00 on 1 June in Honolulu.
    const moment = at('2026-06-01T10:00:00Z')
    expect(dayNumberOf(moment, '2026-06-01', 'Pacific/Kiritimati')).toBe(2)
    expect(dayNumberOf(moment, '2026-06-01', 'Pacific/Honolulu')).toBe(1)
    // A minute earlier is still 1 June in Kiritimati.
    expect(dayNumberOf(at('2026-06-01T09:59:00Z'), '2026-06-01', 'Pacific/Kiritimati')).toBe(1)
  })

  it('counts a trip flying Auckland → Honolulu in the trip’s zone, whatever the local date on arrival', () => {
    const trip: TripDates = { startDate: '2026-02-10', endDate: '2026-02-14', timeZone: 'Pacific/Auckland' }
    // Leaves Auckland 21:00 on 10 Feb (NZDT, UTC+13) and lands in Honolulu 07:30 on 10 Feb local time.
    expect(storyDayOf(at('2026-02-10T08:00:00Z'), trip)).toBe(1)
    expect(storyDayOf(at('2026-02-10T17:30:00Z'), trip)).toBe(2)
    expect(localDateOf(at('2026-02-10T17:30:00Z'), 'Pacific/Honolulu')).toBe('2026-02-10')
  })

  it('keeps days whole across a DST change (a 23-hour and a 25-hour day)', () => {
    // Europe/Berlin springs forward on 29 March 2026 and falls back on 25 October 2026.
    expect(dayNumberOf(at('2026-03-29T22:30:00Z'), '2026-03-28', 'Europe/Berlin')).toBe(3) // 00:30 on 30 March (CEST)
    expect(dayNumberOf(at('2026-03-29T21:30:00Z'), '2026-03-28', 'Europe/Berlin')).toBe(2) // 23:30 on 29 March
    expect(dayNumberOf(at('2026-10-25T22:30:00Z'), '2026-10-25', 'Europe/Berlin')).toBe(1) // 23:30 on 25 Oct (CET)
    expect(startOfDate('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfDate('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(middayOf('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-25T11:00:00.000Z')
    // Where midnight itself is skipped (Santiago springs forward at 24:00), the day starts at 01:00.
    expect(startOfDate('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z')
  })
})

describe('state and length follow from the dates and the clock', () => {
  const nepal: TripDates = { startDate: '2026-03-12', endDate: '2026-04-02', timeZone: 'Asia/Kathmandu' }

  it('is planned before the start date, live through the end date and finished after it, in the trip’s zone', () => {
    expect(tripStateAt(nepal, at('2026-03-11T18:14:00Z'))).toBe('planned') // 23:59 on 11 March in Kathmandu
    expect(tripStateAt(nepal, at('2026-03-11T18:15:00Z'))).toBe('live') // 00:00 on 12 March
    expect(tripStateAt(nepal, at('2026-04-02T18:14:00Z'))).toBe('live')
    expect(tripStateAt(nepal, at('2026-04-02T18:15:00Z'))).toBe('finished')
    expect(dayCountAt(nepal, at('2026-05-01T00:00:00Z'))).toBe(22)
    expect(dayCountAt(nepal, at('2026-01-01T00:00:00Z'))).toBe(22)
  })

  it('is live with no end date, its length growing day by day', () => {
    const open: TripDates = { startDate: '2026-03-12', endDate: null, timeZone: 'Pacific/Kiritimati' }
    expect(tripStateAt(open, at('2030-01-01T00:00:00Z'))).toBe('live')
    expect(dayCountAt(open, at('2026-03-12T09:59:00Z'))).toBe(1)
    expect(dayCountAt(open, at('2026-03-12T10:00:00Z'))).toBe(2) // midnight in Kiritimati
    expect(dayCountAt({ ...open, startDate: '2027-01-01' }, at('2026-03-12T10:00:00Z'))).toBe(0)
  })

  it('lets a story lie a day outside the dates, folded into the first or last day, and no further', () => {
    expect(fitsTrip(at('2026-03-11T12:00:00Z'), nepal)).toBe(true)
    expect(storyDayOf(at('2026-03-11T12:00:00Z'), nepal)).toBe(1)
    expect(fitsTrip(at('2026-03-10T12:00:00Z'), nepal)).toBe(false)
    expect(fitsTrip(at('2026-04-03T12:00:00Z'), nepal)).toBe(true)
    expect(storyDayOf(at('2026-04-03T12:00:00Z'), nepal)).toBe(22)
    expect(fitsTrip(at('2026-04-04T12:00:00Z'), nepal)).toBe(false)
    expect(fitsTrip(at('2031-04-04T12:00:00Z'), { ...nepal, endDate: null })).toBe(true)
  })
})

describe('time zone names', () => {
  it.each([
    ['Asia/Kathmandu', 'Asia/Kathmandu'],
    ['asia/kathmandu', 'Asia/Kathmandu'],
    ['UTC', 'UTC'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
  ])('%s is the zone %s', (name, zone) => expect(canonicalTimeZone(name)).toBe(zone))

  it.each(['Mars/Olympus', '+05:45', 'GMT+5:45', '', 'Europe/../etc', 'Asia/Kathmandu\u0000'])(
    '%j is no zone',
    (name) => expect(canonicalTimeZone(name)).toBeNull(),
  )
})
