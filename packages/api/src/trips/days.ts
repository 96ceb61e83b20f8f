import { Temporal } from 'temporal-polyfill'

/**
 * Calendar days of a trip, counted in the trip's own time zone (docs/trips.md). Dates are ISO calendar dates
 * ("2026-03-12"); moments are instants (Date). Temporal keeps the two apart, so a day is always a calendar date
 * in the zone, never 24 hours: a DST change or a zone across the date line cannot shift a story to another day.
 */

export type TripState = 'planned' | 'live' | 'finished'

/** A story may lie this many days before the start or after the end: the evening before leaving, the morning after. */
export const STORY_SLACK_DAYS = 1

const plain = (date: string) => Temporal.PlainDate.from(date)

/** The calendar date of `at` in `timeZone`. */
export const localDateOf = (at: Date, timeZone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString()

/** Days from `from` to `to` (0 on the same date, negative when `to` is earlier). */
export const daysFrom = (from: string, to: string): number => plain(from).until(plain(to), { largestUnit: 'days' }).days

export const addDays = (date: string, days: number): string => plain(date).add({ days }).toString()

/** Day N of a trip: day 1 is the start date, in the trip's zone. */
export const dayNumberOf = (at: Date, startDate: string, timeZone: string): number =>
  daysFrom(startDate, localDateOf(at, timeZone)) + 1

/** The date of day N. */
export const dateOfDay = (startDate: string, day: number): string => addDays(startDate, day - 1)

/** The moment a local date begins in a zone (its midnight, or the first moment after a DST gap at midnight). */
export const startOfDate = (date: string, timeZone: string): Date =>
  new Date(plain(date).toZonedDateTime({ timeZone }).epochMilliseconds)

/** Local noon of a date: what "Add day" dates a draft with (noon stays on its date whatever DST does). */
export const middayOf = (date: string, timeZone: string): Date =>
  new Date(plain(date).toZonedDateTime({ timeZone, plainTime: '12:00' }).epochMilliseconds)

export interface TripDates {
  startDate: string
  endDate: string | null
  timeZone: string
}

/** Planned before its start date, finished after its end date, live in between (and after the start while open). */
export function tripStateAt(trip: TripDates, now: Date): TripState {
  const today = localDateOf(now, trip.timeZone)
  if (today < trip.startDate) return 'planned'
  if (trip.endDate !== null && today > trip.endDate) return 'finished'
  return 'live'
}

/**
 * The days the trip has so far: its whole length once finished (or planned with an end), up to today while live,
 * none while planned without an end.
 */
export function dayCountAt(trip: TripDates, now: Date): number {
  if (tripStateAt(trip, now) === 'live') return daysFrom(trip.startDate, localDateOf(now, trip.timeZone)) + 1
  return trip.endDate === null ? 0 : daysFrom(trip.startDate, trip.endDate) + 1
}

/** Whether a story at `at` may belong to the trip: inside its dates, give or take STORY_SLACK_DAYS. */
export function fitsTrip(at: Date, trip: TripDates): boolean {
  const date = localDateOf(at, trip.timeZone)
  if (date < addDays(trip.startDate, -STORY_SLACK_DAYS)) return false
  return trip.endDate === null || date <= addDays(trip.endDate, STORY_SLACK_DAYS)
}

/** A story's day in the trip, the slack folded into the first and the last day. */
export function storyDayOf(at: Date, trip: TripDates): number {
  const day = Math.max(1, dayNumberOf(at, trip.startDate, trip.timeZone))
  return trip.endDate === null ? day : Math.min(day, daysFrom(trip.startDate, trip.endDate) + 1)
}
