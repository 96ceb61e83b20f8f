import type { PrismaClient } from '@wayfarer/db'
import { publicPostWhere } from '../posts/visibility'
import type { ImageStore } from '../media/image-store'
import { toGalleryPhoto } from '../gallery/gallery-photo'
import type { MapPhoto, MapStory } from './schema'
import { boundedLines, tripLinesOf, type LinePoint } from '../trips/lines'
import { datesOf, photoSelect, photoWindow } from '../trips/members'
import { DEFAULT_LOCATION_PRECISION } from './precision'

/** A published story or photo that has a point or a country: everything the places pages are made of. */
export interface PlacedStory extends MapStory {
  category_slug: string | null
  year: number | null
  trip_slug: string | null
}
/**
 * A placed photo as the snapshot holds it: the row's own fields, its addresses made only when it is shown
 * (`PlacesData.mapPhoto`). A site has several photos per story (500,000 at 100,000 stories), and each address
 * (the srcset alone is some 200 characters) held for every one of them was most of the snapshot's memory.
 */
export interface PlacedPhoto {
  id: number
  publicId: string
  url: string
  width: number
  height: number
  title: string
  location: string
  caption: string
  latitude: number | null
  longitude: number | null
  country_code: string | null
  /** When it was taken (epoch ms), if known. */
  taken_at: number | null
  year: number
  /** The published trips the photo belongs to (put there, or taken inside their dates). */
  trip_slugs: readonly string[]
}
export interface PlacedTrip {
  slug: string
  title: string
  lines: LinePoint[][]
}
export interface PlacesData {
  stories: PlacedStory[]
  photos: PlacedPhoto[]
  trips: PlacedTrip[]
  /** A placed photo as the places pages show it. */
  mapPhoto: (photo: PlacedPhoto) => MapPhoto
}

/** The trips of a photo in no trip: one array for all of them. */
const NO_TRIPS: readonly string[] = Object.freeze([])

/** Points of one trip's lines on /map, where every trip is drawn at once. */
export const MAP_TRIP_POINTS = 500

const located = { OR: [{ latitude: { not: null } }, { countryCode: { not: null } }] }

/** Reads every located published story and photo, newest first, and the published trips with their lines. */
export async function loadPlacesData(
  prisma: PrismaClient,
  imageStore: ImageStore,
  now: () => Date = () => new Date(),
  precision = DEFAULT_LOCATION_PRECISION,
): Promise<PlacesData> {
  const [posts, photos, trips] = await Promise.all([
    prisma.post.findMany({
      where: { ...publicPostWhere, ...located },
      select: {
        id: true,
        slug: true,
        title: true,
        excerpt: true,
        featuredImage: true,
        featuredImageAlt: true,
        publishedAt: true,
        locationName: true,
        locationCity: true,
        locationCountry: true,
        countryCode: true,
        latitude: true,
        longitude: true,
        category: { select: { name: true, slug: true, color: true } },
        trip: { select: { slug: true, status: true } },
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    }),
    prisma.galleryImage.findMany({
      where: { isPublished: true, ...located },
      select: { ...photoSelect, createdAt: true, tripId: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),
    prisma.trip.findMany({
      where: { status: 'published' },
      select: { id: true, slug: true, title: true, startDate: true, endDate: true, timeZone: true },
      orderBy: [{ startDate: 'desc' }, { id: 'desc' }],
    }),
  ])
  const lines = await tripLinesOf(
    { prisma, now: now(), precision },
    trips.map((t) => t.id),
  )
  // A photo belongs to the trip it was put in, or else to every trip whose dates hold its time.
  const windows = trips.map((t) => ({ ...t, ...photoWindow(datesOf(t), now()) }))
  const tripsOf = (photo: { tripId: number | null; takenAt: Date | null }) => {
    const slugs =
      photo.tripId !== null
        ? windows.filter((t) => t.id === photo.tripId).map((t) => t.slug)
        : windows.filter((t) => photo.takenAt && photo.takenAt >= t.from && photo.takenAt < t.to).map((t) => t.slug)
    return slugs.length ? slugs : NO_TRIPS
  }
  return {
    trips: trips.map((t) => ({
      slug: t.slug,
      title: t.title,
      lines: boundedLines(lines.get(t.id) ?? [], MAP_TRIP_POINTS),
    })),
    stories: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt.length > 220 ? `${p.excerpt.slice(0, 217).trimEnd()}…` : p.excerpt,
      image: p.featuredImage && /^(https?:\/\/|\/(?!\/))/i.test(p.featuredImage) ? p.featuredImage : null,
      image_alt: p.featuredImageAlt,
      category_name: p.category?.name ?? null,
      category_color: p.category?.color ?? null,
      category_slug: p.category?.slug ?? null,
      published_at: p.publishedAt?.toISOString() ?? null,
      year: p.publishedAt?.getUTCFullYear() ?? null,
      location: [p.locationName, p.locationCity, p.locationCountry]
        .filter((v, i, all) => v && all.indexOf(v) === i)
        .join(', '),
      country_code: p.countryCode,
      latitude: p.latitude,
      longitude: p.longitude,
      trip_slug: p.trip?.status === 'published' ? p.trip.slug : null,
    })),
    // Written out, not spread from another object: V8 gives each object made by a spread its own hidden class
    // (some 400 bytes more per photo).
    photos: photos.map((row): PlacedPhoto => ({
      id: row.id,
      publicId: row.publicId,
      url: row.url,
      width: row.width,
      height: row.height,
      title: row.title,
      location: row.location,
      caption: row.caption,
      latitude: row.latitude,
      longitude: row.longitude,
      country_code: row.countryCode,
      taken_at: row.takenAt?.getTime() ?? null,
      year: (row.takenAt ?? row.createdAt).getUTCFullYear(),
      trip_slugs: tripsOf(row),
    })),
    mapPhoto: (photo) => ({
      ...toGalleryPhoto(imageStore, photo),
      latitude: photo.latitude,
      longitude: photo.longitude,
      country_code: photo.country_code,
      taken_at: photo.taken_at === null ? null : new Date(photo.taken_at).toISOString(),
    }),
  }
}

/** Changes when anything the places pages show may have changed (checked now and then, for other processes' writes). */
export async function placesFingerprint(prisma: PrismaClient, now: Date = new Date()): Promise<string> {
  const [posts, photos, trips, routes, released] = await Promise.all([
    prisma.post.aggregate({ where: publicPostWhere, _count: { _all: true }, _max: { updatedAt: true } }),
    prisma.galleryImage.aggregate({ where: { isPublished: true }, _count: { _all: true }, _max: { updatedAt: true } }),
    prisma.trip.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    // Routes are trips' lines: attaching, replacing or removing one changes their count or total length.
    prisma.postRoute.aggregate({ _count: { _all: true }, _sum: { distanceM: true } }),
    // Tracked points go public as time passes, without any write: the count of released ones notices it.
    prisma.tripTrackPoint.count({ where: { publicAt: { lte: now } } }),
  ])
  return [
    trips._count._all,
    trips._max.updatedAt?.getTime(),
    routes._count._all,
    routes._sum.distanceM,
    posts._count._all,
    posts._max.updatedAt?.getTime(),
    photos._count._all,
    photos._max.updatedAt?.getTime(),
    released,
  ].join(':')
}
