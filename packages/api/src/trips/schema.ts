import { z } from 'zod'
import { id, pageNumber, pageSize, text } from '../input-policy'
import { messages } from '../messages'
import { galleryPhoto } from '../gallery/schema'
import { postCard } from '../posts/public-schema'
import { latitude, longitude } from '../places/schema'
import { canonicalTimeZone } from './time-zone'
import { lastSeen } from './track-schema'

const m = messages.trips

export const tripStates = ['planned', 'live', 'finished'] as const
export const tripStatuses = ['draft', 'published'] as const
export const tripStatus = z.enum(tripStatuses, { error: 'Status must be draft or published' })

/** A calendar date, "2026-03-12" (a trip's dates are days in its own zone, not moments), 1900–2199. */
export const calendarDate = (label: string) =>
  z.iso
    .date({ error: m.badDate(label) })
    .refine((d) => d >= '1900-01-01' && d <= '2199-12-31', { message: m.dateRange, abort: true })

/** The longest trip with an end date: its timeline is one entry a day. */
export const MAX_TRIP_DAYS = 3660

export const timeZone = text('Time zone', { error: m.unknownTimeZone })
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name)
    if (zone) return zone
    ctx.addIssue({ code: 'custom', message: m.unknownTimeZone })
    return z.NEVER
  })

export const tripSlug = text('Address')
  .trim()
  .min(1, m.badSlug)
  .max(80, 'The address must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, m.badSlug)

export const tripSlugInput = z.object({ slug: text('Slug').trim().min(1).max(200) })
export const tripIdInput = z.object({ id: id('Trip id') })

/** A moment with its offset ("2026-03-12T18:30:00+05:45"), e.g. when a story happened. */
export const moment = z.iso.datetime({ offset: true, error: 'Must be a date and time such as 2026-03-12T18:30:00Z' })

// ── Public shapes ────────────────────────────────────────────────────────────────────────────────────────────

export const tripCover = z.object({
  url: z.string(),
  alt: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
})

/** A trip in the list of trips (and the head of its page): everything is derived except the owner's texts. */
export const tripCard = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: tripCover.nullable(),
  start_date: z.string(),
  /** Null while the trip goes on. */
  end_date: z.string().nullable(),
  time_zone: z.string(),
  state: z.enum(tripStates),
  /** Days so far (live), or the whole length; 0 for a planned trip without an end. */
  day_count: z.number(),
  /** ISO 3166-1 alpha-2, in the order the trip reached them. */
  country_codes: z.array(z.string()),
  /** Metres along the trip's lines (its stories' GPX routes). */
  distance_m: z.number(),
  story_count: z.number(),
  photo_count: z.number(),
})
export type TripCard = z.infer<typeof tripCard>

export const tripsOutput = z.object({ trips: z.array(tripCard) })

/** A story card in a trip, with its day. */
export const tripStory = postCard.extend({ day: z.number(), happened_at: z.string().nullable() })
export type TripStory = z.infer<typeof tripStory>

/** A photo of a trip's day: what the gallery lightbox needs, and when and where it was taken. */
export const tripPhoto = galleryPhoto.extend({
  taken_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type TripPhoto = z.infer<typeof tripPhoto>

export const tripDay = z.object({
  kind: z.literal('day'),
  day: z.number(),
  date: z.string(),
  /** Where the day was: its first story's place, or its photos'. */
  place: z.string().nullable(),
  stories: z.array(tripStory),
  /** The first photos of the day (at most 6); `photo_count` says how many there are (`trips.dayPhotos` pages them). */
  photos: z.array(tripPhoto),
  photo_count: z.number(),
})
/** Consecutive days with no story and no photo, folded into one entry ("Days 4–6"). */
export const tripGap = z.object({
  kind: z.literal('gap'),
  from_day: z.number(),
  to_day: z.number(),
  from_date: z.string(),
  to_date: z.string(),
})
export type TripDay = z.infer<typeof tripDay>
export type TripGap = z.infer<typeof tripGap>

/**
 * Days in one page of a trip's timeline (a page answer stays small whatever the trip's length). A week: the page's
 * first render on a phone grows with it (a 100-day trip's first two weeks blocked a mid-range phone's main thread
 * for about 350 ms in Lighthouse's mobile run, its first week for about 150 ms).
 */
export const TRIP_TIMELINE_DAYS = 7
export const tripTimeline = z.array(z.discriminatedUnion('kind', [tripDay, tripGap]))

export const tripMarker = z.object({
  day: z.number(),
  date: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
})
export type TripMarker = z.infer<typeof tripMarker>

/** [longitude, latitude] lines (five decimals), each already simplified; together at most 500 points. */
export const tripLines = z.array(z.array(z.tuple([z.number(), z.number()])))

export const tripPage = tripCard.extend({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  map: z.object({
    /** west, south, east, north around every line and marker; null when nothing has a point. */
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
    lines: tripLines,
    /** One per day that has a point. */
    markers: z.array(tripMarker),
  }),
  /** The first TRIP_TIMELINE_DAYS days (day 1 on), oldest first; `trips.timeline` reads on from `timeline_next_day`. */
  timeline: tripTimeline,
  /** The day the next page of the timeline starts at; null when this page reaches the last day (today while live). */
  timeline_next_day: z.number().nullable(),
  /** The newest tracked point visitors may see (docs/trips.md, "Live"); null when there is none. */
  last_seen: lastSeen.nullable(),
})
export type TripPage = z.infer<typeof tripPage>

export const tripTimelineInput = z.object({
  slug: text('Slug').trim().min(1).max(200),
  from_day: z
    .number({ error: 'from_day must be a number' })
    .int('from_day must be a whole number')
    .min(1, 'from_day must be at least 1')
    .max(10_000, 'from_day must be at most 10000'),
})
export const tripTimelinePage = z.object({ timeline: tripTimeline, next_day: z.number().nullable() })

export const tripDayPhotosInput = z.object({
  slug: text('Slug').trim().min(1).max(200),
  day: z.number({ error: 'Day must be a number' }).int('Day must be a whole number').min(1).max(10_000),
  page: pageNumber(),
  limit: pageSize(100).default(48),
})
export const tripDayPhotosOutput = z.object({
  photos: z.array(tripPhoto),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
})

const storyLink = z.object({ slug: z.string(), title: z.string(), day: z.number() })
/** "Day 3 of {trip}" on a story's page, with the stories before and after it in the trip. */
export const storyTripContext = z
  .object({
    trip: z.object({ slug: z.string(), title: z.string(), state: z.enum(tripStates), day_count: z.number() }),
    day: z.number(),
    date: z.string(),
    previous: storyLink.nullable(),
    next: storyLink.nullable(),
  })
  .nullable()
export type StoryTripContext = z.infer<typeof storyTripContext>

// ── The owner's shapes ───────────────────────────────────────────────────────────────────────────────────────

export const adminTripListItem = tripCard.omit({ cover: true }).extend({
  status: tripStatus,
  /** Every story of the trip, drafts included. */
  story_count: z.number(),
  updated_at: z.string(),
})
export const adminTripsOutput = z.object({ trips: z.array(adminTripListItem) })

export const adminTripStory = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  /** Null for a draft with no date yet. */
  day: z.number().nullable(),
  happened_at: z.string().nullable(),
  published_at: z.string().nullable(),
})
export const adminTrip = adminTripListItem.extend({
  cover_image_id: z.number().nullable(),
  cover: tripCover.nullable(),
  /** Every story in day order (undated drafts last). */
  stories: z.array(adminTripStory),
  created_at: z.string(),
})
export type AdminTrip = z.infer<typeof adminTrip>

const tripFields = {
  title: text('Title', { error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(200, 'Title must be at most 200 characters'),
  /** Made from the title when absent (like a story's); must be free when given. */
  slug: tripSlug.optional(),
  summary: text('Summary').trim().max(1000, 'Summary must be at most 1000 characters'),
  cover_image_id: id('Cover photo').nullable(),
  start_date: calendarDate('Start date'),
  end_date: calendarDate('End date').nullable(),
  time_zone: timeZone,
  status: tripStatus,
}
const endAfterStart = (t: { start_date?: string; end_date?: string | null }) =>
  !t.start_date || !t.end_date || t.end_date >= t.start_date

export const createTripInput = z
  .object({
    ...tripFields,
    summary: tripFields.summary.default(''),
    cover_image_id: tripFields.cover_image_id.default(null),
    end_date: tripFields.end_date.default(null),
    status: tripStatus.default('draft'),
  })
  .refine(endAfterStart, { message: m.endBeforeStart, path: ['end_date'] })
export type CreateTripInput = z.input<typeof createTripInput>
export type CreateTripData = z.output<typeof createTripInput>

/** Only the fields sent change; null clears the end date or the cover. */
export const updateTripInput = z
  .object({ id: id('Trip id'), ...z.object(tripFields).partial().shape })
  .refine(endAfterStart, { message: m.endBeforeStart, path: ['end_date'] })
export type UpdateTripInput = z.input<typeof updateTripInput>
export type UpdateTripData = z.output<typeof updateTripInput>

export const addTripDayInput = z.object({
  trip_id: id('Trip id'),
  day: z.number({ error: 'Day must be a number' }).int('Day must be a whole number').min(1, 'Day must be at least 1'),
  /** Defaults to "{trip title}, day N". */
  title: text('Title').trim().min(1).max(200).optional(),
  location_name: text('Location').trim().max(200).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
})
export const addedTripDay = z.object({ id: z.number(), slug: z.string(), day: z.number(), happened_at: z.string() })

export const setStoryTripInput = z.object({
  post_id: id('Post id'),
  /** Null takes the story out of its trip. */
  trip_id: id('Trip id').nullable(),
  /** When the story happened; absent keeps it, null falls back to the publish time. */
  happened_at: moment.nullable().optional(),
})
export const storyTripOutput = z.object({
  post_id: z.number(),
  trip_id: z.number().nullable(),
  happened_at: z.string().nullable(),
  day: z.number().nullable(),
})

export const setPhotoTripInput = z.object({
  public_id: text('Image id').trim().min(1).max(255),
  /** Null gives the photo back to the trips whose dates hold its time. */
  trip_id: id('Trip id').nullable(),
})
export const photoTripOutput = z.object({ public_id: z.string(), trip_id: z.number().nullable() })
