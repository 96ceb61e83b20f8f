import { dateOfDay, startOfDate, type TripDates } from './days'
import { momentOf, type PhotoRow, type StoryRow } from './members'
import type { TripGap, TripMarker } from './schema'

/** Photos shown per day on the trip page; the day's `photo_count` tells how many more `trips.dayPhotos` pages. */
export const TRIP_DAY_PHOTOS = 6

export interface DayOf<S, P> {
  day: number
  date: string
  stories: S[]
  photos: P[]
  photoCount: number
  place: string | null
  point: { latitude: number; longitude: number } | null
}

/**
 * Which day each moment falls on, from the instants the days begin in the trip's zone (computed once per day,
 * then a binary search per story or photo). Outside day 1…lastDay: undefined.
 */
export function dayFinder(dates: TripDates, lastDay: number): (at: Date) => number | undefined {
  const starts = Array.from({ length: lastDay + 1 }, (_, i) =>
    startOfDate(dateOfDay(dates.startDate, i + 1), dates.timeZone).getTime(),
  )
  return (at) => {
    const t = at.getTime()
    if (lastDay < 1 || t < starts[0]! || t >= starts[lastDay]!) return undefined
    let low = 0
    let high = lastDay - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (starts[mid]! <= t) low = mid
      else high = mid - 1
    }
    return low + 1
  }
}

const placeOfStory = (s: StoryRow): string | null =>
  [s.locationName, s.locationCity, s.locationCountry]
    .filter((v, i, all): v is string => !!v && all.indexOf(v) === i)
    .slice(0, 2)
    .join(', ') || null

const pointOf = (x: { latitude: number | null; longitude: number | null }) =>
  x.latitude !== null && x.longitude !== null ? { latitude: x.latitude, longitude: x.longitude } : null

/**
 * Days 1…lastDay with their stories and photos (stories a day outside the dates count on the first or last
 * day), where each day was, and a point for its marker: its first located story, else its first located photo.
 */
export function groupByDay(
  dates: TripDates,
  lastDay: number,
  stories: StoryRow[],
  photos: PhotoRow[],
): DayOf<StoryRow, PhotoRow>[] {
  const dayOf = dayFinder(dates, lastDay)
  const days: DayOf<StoryRow, PhotoRow>[] = Array.from({ length: lastDay }, (_, i) => ({
    day: i + 1,
    date: dateOfDay(dates.startDate, i + 1),
    stories: [],
    photos: [],
    photoCount: 0,
    place: null,
    point: null,
  }))
  const firstDay = lastDay >= 1 ? startOfDate(dates.startDate, dates.timeZone).getTime() : 0
  for (const story of stories) {
    const at = momentOf(story)!
    const day = dayOf(at) ?? (at.getTime() < firstDay ? 1 : lastDay)
    days[day - 1]?.stories.push(story)
  }
  for (const photo of photos) {
    const day = photo.takenAt ? dayOf(photo.takenAt) : undefined
    if (day === undefined) continue
    const entry = days[day - 1]!
    entry.photoCount++
    if (entry.photos.length < TRIP_DAY_PHOTOS) entry.photos.push(photo)
  }
  for (const d of days) {
    d.place = d.stories.map(placeOfStory).find(Boolean) ?? d.photos.find((p) => p.location)?.location ?? null
    d.point = d.stories.map(pointOf).find(Boolean) ?? photosPoint(d.photos)
  }
  return days
}

const photosPoint = (photos: PhotoRow[]) => photos.map(pointOf).find(Boolean) ?? null

/** The timeline: days with something in them, and runs of empty days folded into one gap. */
export function foldEmptyDays<D extends { day: number; date: string; stories: unknown[]; photo_count: number }>(
  days: D[],
): (D | TripGap)[] {
  const out: (D | TripGap)[] = []
  for (const d of days) {
    if (d.stories.length || d.photo_count) {
      out.push(d)
      continue
    }
    const last = out.at(-1)
    if (last && 'kind' in last && last.kind === 'gap') Object.assign(last, { to_day: d.day, to_date: d.date })
    else out.push({ kind: 'gap', from_day: d.day, to_day: d.day, from_date: d.date, to_date: d.date })
  }
  return out
}

export const markersOf = (days: DayOf<StoryRow, PhotoRow>[]): TripMarker[] =>
  days.flatMap((d) => (d.point ? [{ day: d.day, date: d.date, ...d.point, label: d.place ?? `Day ${d.day}` }] : []))
