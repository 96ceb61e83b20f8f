import type { TripCard } from '@wayfarer/api/schemas'
import { plural } from '../../lib/numbers'

// A trip's dates are calendar days in its own zone ("2026-03-12"), not moments: they are written as they are,
// read at UTC midnight and formatted in UTC, so no visitor's zone moves them to the day before.
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const weekdayDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

const atUtc = (date: string) => new Date(`${date}T00:00:00Z`)

/** "12 Mar 2026" */
export const formatTripDate = (date: string): string => dayMonthYear.format(atUtc(date))
/** "Thu, 12 Mar 2026": a day of the timeline. */
export const formatDayDate = (date: string): string => weekdayDate.format(atUtc(date))

/** "12 Mar – 2 Apr 2026", "28 Dec 2025 – 4 Jan 2026", "since 12 Mar 2026" (no end yet). */
export function formatTripDates(start: string, end: string | null): string {
  if (!end) return `Since ${formatTripDate(start)}`
  if (start === end) return formatTripDate(start)
  const first = start.slice(0, 4) === end.slice(0, 4) ? dayMonth.format(atUtc(start)) : formatTripDate(start)
  return `${first} – ${formatTripDate(end)}`
}

/** "12 Mar – 2 Apr 2026 · 22 days"; a planned trip without an end has no count yet. */
export function tripDatesLine(trip: Pick<TripCard, 'start_date' | 'end_date' | 'day_count' | 'state'>): string {
  const dates = formatTripDates(trip.start_date, trip.end_date)
  if (trip.state === 'planned' && !trip.end_date) return dates
  return `${dates} · ${trip.state === 'live' ? `day ${trip.day_count}` : plural(trip.day_count, 'day', 'days')}`
}

/** "1,234 km" (whole kilometres; a few hundred metres as "0.4 km"). */
export function formatDistance(metres: number): string {
  const km = metres / 1000
  return `${km.toLocaleString('en-US', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null

/** "Nepal" for "NP" (the browser's own names; the code itself where it has none). */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** "Days 4–6" or "Day 4". */
export const dayRange = (from: number, to: number): string => (from === to ? `Day ${from}` : `Days ${from}–${to}`)

/** The id of a day's entry in the timeline: the map's day markers and a story's "Day 3 of …" link land there. */
export const dayAnchor = (day: number) => `day-${day}`

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
]

/** "3 hours ago", "yesterday", "2 weeks ago": how long since `at` (an ISO moment), at `now`. */
export function timeAgo(at: string, now: number = Date.now()): string {
  let value = Math.max(0, (now - new Date(at).getTime()) / 60_000)
  if (value < 1) return 'just now'
  for (const [unit, size] of steps) {
    if (value < size) return relative.format(-Math.floor(value), unit)
    value /= size
  }
  return relative.format(-Math.floor(value), 'year')
}

/** "Last seen near Puerto Natales, 2 days ago" (the place is the nearest town to the rounded point, if any). */
export function lastSeenLine(seen: { place: string | null; at: string }, now?: number): string {
  return `Last seen ${seen.place ? `near ${seen.place}` : 'on the way'}, ${timeAgo(seen.at, now)}`
}
