import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { countryName } from '../places/countries'
import { publicPostWhere } from '../posts/visibility'
import { dateOfDay, dayCountAt, dayNumberOf, startOfDate, storyDayOf, tripStateAt } from './days'
import { tripDistances } from './lines'
import { lastSeenOf } from './track-public'
import {
  coverOf,
  datesOf,
  momentOf,
  photoOrder,
  photoSelect,
  publishedStoriesOf,
  toStoryCard,
  toTripPhoto,
  tripPhotoWhere,
  tripSelect,
  type StoryRow,
  type TripRow,
} from './members'
import { TRIP_TIMELINE_DAYS, type StoryTripContext, type TripCard, type TripPage } from './schema'
import { foldEmptyDays, groupByDay, markersOf } from './timeline'

type Deps = Pick<AppDeps, 'prisma' | 'imageStore' | 'now' | 'places'>

export const PUBLISHED = 'published'

interface Figures {
  storyCount: number
  photoCount: number
  /** Each country with the first moment the trip was there (null: unknown). */
  countries: Map<string, number>
  distanceM: number
}

const noteCountry = (countries: Map<string, number>, code: string | null, at: Date | null | undefined) => {
  if (!code) return
  const t = at?.getTime() ?? Number.MAX_SAFE_INTEGER
  if (!countries.has(code) || countries.get(code)! > t) countries.set(code, t)
}

export function cardOf(deps: Deps, row: TripRow, f: Figures): TripCard {
  const dates = datesOf(row)
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    cover: coverOf(deps.imageStore, row),
    start_date: dates.startDate,
    end_date: dates.endDate,
    time_zone: dates.timeZone,
    state: tripStateAt(dates, deps.now()),
    day_count: dayCountAt(dates, deps.now()),
    country_codes: [...f.countries].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([code]) => code),
    distance_m: Math.round(f.distanceM),
    story_count: f.storyCount,
    photo_count: f.photoCount,
  }
}

/** The figures of several trips from aggregates: no story body, photo or point is read. */
export async function figuresOf(deps: Deps, rows: TripRow[]): Promise<Map<number, Figures>> {
  const ids = rows.map((r) => r.id)
  const [stories, distances, photos] = await Promise.all([
    deps.prisma.post.findMany({
      where: { tripId: { in: ids }, ...publicPostWhere },
      select: { tripId: true, countryCode: true, happenedAt: true, publishedAt: true },
    }),
    tripDistances({ prisma: deps.prisma, now: deps.now(), precision: deps.places.precision }, ids),
    Promise.all(
      rows.map((r) =>
        deps.prisma.galleryImage.groupBy({
          by: ['countryCode'],
          where: tripPhotoWhere(r.id, datesOf(r), deps.now()),
          _count: { _all: true },
          _min: { takenAt: true },
        }),
      ),
    ),
  ])
  const figures = new Map<number, Figures>()
  rows.forEach((r, i) => {
    const f: Figures = { storyCount: 0, photoCount: 0, countries: new Map(), distanceM: distances.get(r.id) ?? 0 }
    for (const group of photos[i]!) {
      f.photoCount += group._count._all
      noteCountry(f.countries, group.countryCode, group._min.takenAt)
    }
    figures.set(r.id, f)
  })
  for (const s of stories) {
    const f = figures.get(s.tripId!)!
    f.storyCount++
    noteCountry(f.countries, s.countryCode, momentOf(s))
  }
  return figures
}

const stateOrder = { live: 0, planned: 1, finished: 1 } as const

/** trips.list: the published trips, live ones first, then by start date (newest first). */
export async function listTrips(deps: Deps): Promise<{ trips: TripCard[] }> {
  const rows = await deps.prisma.trip.findMany({
    where: { status: PUBLISHED },
    select: tripSelect,
    orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
  })
  const figures = await figuresOf(deps, rows)
  const cards = rows.map((r) => cardOf(deps, r, figures.get(r.id)!))
  // A stable sort keeps the start-date order within each group.
  return { trips: cards.sort((a, b) => stateOrder[a.state] - stateOrder[b.state]) }
}

export async function findPublishedTrip(deps: Pick<AppDeps, 'prisma'>, slug: string): Promise<TripRow | null> {
  return deps.prisma.trip.findFirst({ where: { slug, status: PUBLISHED }, select: tripSelect })
}

async function publishedTripOrThrow(deps: Deps, slug: string): Promise<TripRow> {
  const row = await findPublishedTrip(deps, slug)
  if (!row) throw new NotFoundError(messages.trips.notFound)
  return row
}

/**
 * trips.bySlug: a published trip with its figures, its map and the first page of its day-by-day timeline
 * (published content only). The figures come from aggregates, the lines from the places snapshot (the same lines
 * /map draws, already bounded), and only the first page's photos are read: the answer stays small for a long trip.
 */
export async function readTripPage(deps: Deps, slug: string): Promise<TripPage> {
  const row = await publishedTripOrThrow(deps, slug)
  const [figures, stories, snapshot, lastSeen] = await Promise.all([
    figuresOf(deps, [row]),
    publishedStoriesOf(deps.prisma, [row.id]),
    deps.places.index.current(),
    lastSeenOf(deps, row),
  ])
  const card = cardOf(deps, row, figures.get(row.id)!)
  const lastDay = card.state === 'planned' ? 0 : card.day_count
  const [page, markers] = await Promise.all([
    timelinePage(deps, row, lastDay, stories, 1),
    dayMarkers(deps, row, lastDay, stories),
  ])
  const lines = snapshot.data.trips.find((t) => t.slug === row.slug)?.lines ?? []
  return {
    ...card,
    countries: card.country_codes.map((code) => ({ code, name: countryName(code) })),
    map: {
      bbox: boxAround([...lines.flat(), ...markers.map((m) => [m.longitude, m.latitude] as const)]),
      lines,
      markers,
    },
    timeline: page.timeline,
    timeline_next_day: page.next_day,
    last_seen: lastSeen,
  }
}

/** trips.timeline: the page of a published trip's timeline that starts at `fromDay`. */
export async function readTripTimeline(deps: Deps, slug: string, fromDay: number) {
  const row = await publishedTripOrThrow(deps, slug)
  const dates = datesOf(row)
  const lastDay = tripStateAt(dates, deps.now()) === 'planned' ? 0 : dayCountAt(dates, deps.now())
  return timelinePage(deps, row, lastDay, await publishedStoriesOf(deps.prisma, [row.id]), fromDay)
}

/**
 * Days fromDay… (TRIP_TIMELINE_DAYS of them, up to lastDay) with their stories and first photos, empty runs folded.
 * A page whose last day is empty runs on to the day before the next one with something in it, so an empty stretch
 * is one gap, whole, and "Show more days" never brings a page of nothing but a gap.
 */
async function timelinePage(deps: Deps, row: TripRow, lastDay: number, stories: StoryRow[], fromDay: number) {
  if (fromDay > lastDay) return { timeline: [], next_day: null }
  const dates = datesOf(row)
  const pageEnd = Math.min(lastDay, fromDay + TRIP_TIMELINE_DAYS - 1)
  const photos = await deps.prisma.galleryImage.findMany({
    where: {
      AND: [
        tripPhotoWhere(row.id, dates, deps.now()),
        {
          takenAt: {
            gte: startOfDate(dateOfDay(dates.startDate, fromDay), dates.timeZone),
            lt: startOfDate(dateOfDay(dates.startDate, pageEnd + 1), dates.timeZone),
          },
        },
      ],
    },
    select: photoSelect,
    orderBy: photoOrder,
  })
  const allDays = groupByDay(dates, lastDay, stories, photos)
  const toDay = await throughEmptyDays(deps, row, allDays, pageEnd, lastDay)
  // The days past the page's end that it takes in are empty: no photo of theirs had to be read.
  const days = allDays.slice(fromDay - 1, toDay)
  return {
    timeline: foldEmptyDays(
      days.map((d) => ({
        kind: 'day' as const,
        day: d.day,
        date: d.date,
        place: d.place,
        stories: d.stories.map((s) => ({ ...toStoryCard(s), day: d.day })),
        photos: d.photos.map((p) => toTripPhoto(deps, p)),
        photo_count: d.photoCount,
      })),
    ),
    next_day: toDay < lastDay ? toDay + 1 : null,
  }
}

/** The page's last day: `pageEnd`, or when that day is empty, the day before the next one with a story or photo. */
async function throughEmptyDays(
  deps: Deps,
  row: TripRow,
  days: { stories: unknown[]; photoCount: number }[],
  pageEnd: number,
  lastDay: number,
): Promise<number> {
  const end = days[pageEnd - 1]
  if (pageEnd >= lastDay || !end || end.stories.length || end.photoCount) return pageEnd
  const dates = datesOf(row)
  // Stories are known for every day; photos only for the page's, so the next one's day is asked for.
  const storyDay = days.findIndex((d, i) => i >= pageEnd && d.stories.length > 0) + 1 || lastDay + 1
  const photo = await deps.prisma.galleryImage.findFirst({
    where: {
      AND: [
        tripPhotoWhere(row.id, dates, deps.now()),
        { takenAt: { gte: startOfDate(dateOfDay(dates.startDate, pageEnd + 1), dates.timeZone) } },
      ],
    },
    select: { takenAt: true },
    orderBy: { takenAt: 'asc' },
  })
  const photoDay = photo?.takenAt ? dayNumberOf(photo.takenAt, dates.startDate, dates.timeZone) : lastDay + 1
  return Math.min(lastDay, Math.min(storyDay, photoDay) - 1)
}

/**
 * One marker a day that has a point: its first located story, else its first located photo (read only for the days
 * whose stories have no point).
 */
async function dayMarkers(deps: Deps, row: TripRow, lastDay: number, stories: StoryRow[]) {
  const dates = datesOf(row)
  const byStories = groupByDay(dates, lastDay, stories, [])
  const needPhotos = byStories.some((d) => !d.point)
  const photos = needPhotos
    ? await deps.prisma.galleryImage.findMany({
        where: { AND: [tripPhotoWhere(row.id, dates, deps.now()), { latitude: { not: null } }] },
        select: photoSelect,
        orderBy: photoOrder,
      })
    : []
  return markersOf(needPhotos ? groupByDay(dates, lastDay, stories, photos) : byStories)
}

function boxAround(points: (readonly [number, number])[]): [number, number, number, number] | null {
  if (!points.length) return null
  let [w, s, e, n] = [180, 90, -180, -90]
  for (const [lng, lat] of points) {
    w = Math.min(w, lng)
    s = Math.min(s, lat)
    e = Math.max(e, lng)
    n = Math.max(n, lat)
  }
  return [w, s, e, n]
}

/** trips.dayPhotos: one day's photos of a published trip, a page at a time (the strip shows the first few). */
export async function tripDayPhotos(deps: Deps, input: { slug: string; day: number; page: number; limit: number }) {
  const row = await publishedTripOrThrow(deps, input.slug)
  const dates = datesOf(row)
  const days = tripStateAt(dates, deps.now()) === 'planned' ? 0 : dayCountAt(dates, deps.now())
  if (input.day > days) throw new NotFoundError(messages.trips.dayOutside(days))
  const where = {
    isPublished: true,
    OR: [{ tripId: row.id }, { tripId: null }],
    takenAt: {
      gte: startOfDate(dateOfDay(dates.startDate, input.day), dates.timeZone),
      lt: startOfDate(dateOfDay(dates.startDate, input.day + 1), dates.timeZone),
    },
  }
  const [rows, total] = await Promise.all([
    deps.prisma.galleryImage.findMany({
      where,
      select: photoSelect,
      orderBy: photoOrder,
      take: input.limit,
      skip: (input.page - 1) * input.limit,
    }),
    deps.prisma.galleryImage.count({ where }),
  ])
  return {
    photos: rows.map((p) => toTripPhoto(deps, p)),
    pagination: { page: input.page, limit: input.limit, total, pages: Math.max(1, Math.ceil(total / input.limit)) },
  }
}

/**
 * posts.tripContext: "Day 3 of {trip}" for a published story, with the published stories before and after it in
 * the trip; null when the story is in no published trip. The story's own REST shape stays as it is.
 */
export async function readStoryTripContext(deps: Deps, slug: string): Promise<StoryTripContext> {
  const post = await deps.prisma.post.findFirst({
    where: { slug, ...publicPostWhere },
    select: { id: true, trip: { select: tripSelect } },
  })
  if (!post) throw new NotFoundError(messages.posts.notFoundText)
  const trip = post.trip
  if (!trip || trip.status !== PUBLISHED) return null
  const dates = datesOf(trip)
  const stories = await publishedStoriesOf(deps.prisma, [trip.id])
  const at = stories.findIndex((s) => s.id === post.id)
  const link = (i: number) => {
    const s = stories[i]
    return s ? { slug: s.slug, title: s.title, day: storyDayOf(momentOf(s)!, dates) } : null
  }
  const day = storyDayOf(momentOf(stories[at]!)!, dates)
  return {
    trip: {
      slug: trip.slug,
      title: trip.title,
      state: tripStateAt(dates, deps.now()),
      day_count: dayCountAt(dates, deps.now()),
    },
    day,
    date: dateOfDay(dates.startDate, day),
    previous: link(at - 1),
    next: link(at + 1),
  }
}
