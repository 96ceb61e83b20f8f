import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { StorageDeps } from '../storage-deps'
import { srcsetOf, stripVersion, type ImageStore } from '../media/image-store'
import { toGalleryPhoto } from '../gallery/gallery-photo'
import { isSafeImageUrl } from '../media/image-url'
import { publicPostWhere } from '../posts/visibility'
import { addDays, localDateOf, startOfDate, tripStateAt, type TripDates } from './days'
import type { TripPhoto } from './schema'

/**
 * What belongs to a trip, read from the database: its stories (tripId) and its photos — those the owner put in
 * it, and every other published photo taken inside its dates (in its zone). Nothing here is typed in by hand.
 */

/** A DATE column as Prisma returns it (midnight UTC) ↔ the calendar date it holds. */
export const dateText = (value: Date): string => value.toISOString().slice(0, 10)
export const dateValue = (date: string): Date => new Date(`${date}T00:00:00Z`)

export const tripSelect = {
  id: true,
  slug: true,
  title: true,
  summary: true,
  status: true,
  startDate: true,
  endDate: true,
  timeZone: true,
  coverImageId: true,
  createdAt: true,
  updatedAt: true,
  trackZones: true,
  cover: { select: { publicId: true, url: true, width: true, height: true, title: true, isPublished: true } },
} satisfies Prisma.TripSelect
export type TripRow = Prisma.TripGetPayload<{ select: typeof tripSelect }>

export const datesOf = (row: Pick<TripRow, 'startDate' | 'endDate' | 'timeZone'>): TripDates => ({
  startDate: dateText(row.startDate),
  endDate: row.endDate ? dateText(row.endDate) : null,
  timeZone: row.timeZone,
})

/** The cover as pages show it (a photo no longer published shows no cover). */
export function coverOf(store: ImageStore, row: TripRow) {
  const c = row.cover
  if (!c?.isPublished) return null
  const ref = { public_id: c.publicId, url: c.url }
  return {
    url: stripVersion(c.url),
    alt: c.title,
    srcset: srcsetOf(store, { ...ref, width: c.width }),
    width: c.width,
    height: c.height,
  }
}

/**
 * The moments a trip's photos may have been taken in: from the start date's midnight to the end date's end, or
 * to the end of today while it goes on (a planned trip's range is empty until its start).
 */
export function photoWindow(dates: TripDates, now: Date): { from: Date; to: Date } {
  const lastDate =
    dates.endDate !== null && tripStateAt(dates, now) !== 'live' ? dates.endDate : localDateOf(now, dates.timeZone)
  return { from: startOfDate(dates.startDate, dates.timeZone), to: startOfDate(addDays(lastDate, 1), dates.timeZone) }
}

/** Published photos of a trip (Prisma filter). */
export function tripPhotoWhere(tripId: number, dates: TripDates, now: Date): Prisma.GalleryImageWhereInput {
  const { from, to } = photoWindow(dates, now)
  return {
    isPublished: true,
    OR: [{ tripId }, { tripId: null, takenAt: { gte: from, lt: to } }],
  }
}

export const storyCardSelect = {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  featuredImage: true,
  featuredImageAlt: true,
  readingTime: true,
  locationName: true,
  locationCity: true,
  locationCountry: true,
  countryCode: true,
  latitude: true,
  longitude: true,
  publishedAt: true,
  happenedAt: true,
  createdAt: true,
  tripId: true,
  category: { select: { name: true, color: true } },
} satisfies Prisma.PostSelect
export type StoryRow = Prisma.PostGetPayload<{ select: typeof storyCardSelect }>

/** The moment that counts for a story's day: when it happened, else when it was published. */
export const momentOf = (s: { happenedAt: Date | null; publishedAt: Date | null }): Date | null =>
  s.happenedAt ?? s.publishedAt

/** The published stories of some trips, in the order they happened. */
export async function publishedStoriesOf(prisma: PrismaClient, tripIds: number[]): Promise<StoryRow[]> {
  const rows = await prisma.post.findMany({
    where: { tripId: { in: tripIds }, ...publicPostWhere },
    select: storyCardSelect,
  })
  return rows.sort((a, b) => momentOf(a)!.getTime() - momentOf(b)!.getTime() || a.id - b.id)
}

export function toStoryCard(row: StoryRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featured_image: row.featuredImage && isSafeImageUrl(row.featuredImage) ? row.featuredImage : null,
    featured_image_alt: row.featuredImageAlt,
    category_name: row.category?.name ?? null,
    category_color: row.category?.color ?? null,
    reading_time: row.readingTime,
    location_name: row.locationName,
    location_country: row.locationCountry,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    happened_at: row.happenedAt?.toISOString() ?? null,
  }
}

export const photoSelect = {
  id: true,
  publicId: true,
  url: true,
  width: true,
  height: true,
  title: true,
  caption: true,
  location: true,
  latitude: true,
  longitude: true,
  countryCode: true,
  takenAt: true,
} satisfies Prisma.GalleryImageSelect
export type PhotoRow = Prisma.GalleryImageGetPayload<{ select: typeof photoSelect }>

export function toTripPhoto(deps: Pick<StorageDeps, 'imageStore'>, row: PhotoRow): TripPhoto {
  return {
    ...toGalleryPhoto(deps.imageStore, row),
    taken_at: row.takenAt?.toISOString() ?? null,
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

/** Photos in the order they were taken (undated ones, put in by the owner, last). */
export const photoOrder: Prisma.GalleryImageOrderByWithRelationInput[] = [
  { takenAt: { sort: 'asc', nulls: 'last' } },
  { id: 'asc' },
]
