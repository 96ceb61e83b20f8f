import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from '../errors'
import { messages } from '../messages'
import { freeSlug, uniqueSlug, withFreshSlug } from '../posts/admin-save'
import { roundCoordinate } from '../places/precision'
import { dateOfDay, daysFrom, dayCountAt, middayOf, storyDayOf, type TripDates } from './days'
import { coverOf, dateValue, datesOf, momentOf, tripSelect, type TripRow } from './members'
import { cardOf, figuresOf } from './public-service'
import { checkStoryFits } from './story-fit'
import { MAX_TRIP_DAYS, type AdminTrip, type CreateTripData, type UpdateTripData } from './schema'

const m = messages.trips
/** Addresses the REST paths use beside /api/trips/{slug}. */
const RESERVED_SLUGS = new Set(['admin'])

type Deps = Pick<AppDeps, 'prisma' | 'imageStore' | 'now' | 'places'>

const takenTripSlugs = (prisma: PrismaClient, exceptId?: number) => async (candidates: string[]) =>
  new Set([
    ...RESERVED_SLUGS,
    ...(
      await prisma.trip.findMany({
        where: { slug: { in: candidates }, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { slug: true },
      })
    ).map((t) => t.slug),
  ])

async function checkCover(prisma: PrismaClient, coverId: number | null | undefined): Promise<void> {
  if (coverId == null) return
  const photo = await prisma.galleryImage.findUnique({ where: { id: coverId }, select: { isPublished: true } })
  if (!photo?.isPublished) throw new InvalidInputError(m.coverNotFound)
}

async function checkFreeSlug(prisma: PrismaClient, slug: string, exceptId?: number): Promise<void> {
  if ((await takenTripSlugs(prisma, exceptId)([slug])).has(slug)) throw new ConflictError(m.slugTaken)
}

/** Writes a trip, turning a unique-slug refusal (a concurrent save took it) into the same 409. */
async function savingSlug<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(m.slugTaken)
    throw error
  }
}

function checkLength(dates: TripDates): void {
  if (dates.endDate === null) return
  if (dates.endDate < dates.startDate) throw new InvalidInputError(m.endBeforeStart)
  if (daysFrom(dates.startDate, dates.endDate) >= MAX_TRIP_DAYS) throw new InvalidInputError(m.tooLong)
}

export async function createTrip(deps: Deps, input: CreateTripData): Promise<AdminTrip> {
  const { prisma } = deps
  checkLength({ startDate: input.start_date, endDate: input.end_date, timeZone: input.time_zone })
  await checkCover(prisma, input.cover_image_id)
  const data = {
    title: input.title,
    summary: input.summary,
    coverImageId: input.cover_image_id,
    startDate: dateValue(input.start_date),
    endDate: input.end_date === null ? null : dateValue(input.end_date),
    timeZone: input.time_zone,
    status: input.status,
  }
  let id: number
  if (input.slug) {
    const slug = input.slug
    await checkFreeSlug(prisma, slug)
    id = (await savingSlug(() => prisma.trip.create({ data: { ...data, slug }, select: { id: true } }))).id
  } else {
    id = (
      await withFreshSlug(async (skip) =>
        prisma.trip.create({
          data: { ...data, slug: await freeSlug(input.title, 'trip', takenTripSlugs(prisma), skip) },
          select: { id: true },
        }),
      )
    ).id
  }
  return getAdminTrip(deps, id)
}

export async function updateTrip(deps: Deps, input: UpdateTripData): Promise<AdminTrip> {
  const { prisma } = deps
  const existing = await prisma.trip.findUnique({ where: { id: input.id }, select: tripSelect })
  if (!existing) throw new NotFoundError(m.notFound)
  const before = datesOf(existing)
  const dates: TripDates = {
    startDate: input.start_date ?? before.startDate,
    endDate: input.end_date === undefined ? before.endDate : input.end_date,
    timeZone: input.time_zone ?? before.timeZone,
  }
  checkLength(dates)
  await checkCover(prisma, input.cover_image_id)
  if (input.slug && input.slug !== existing.slug) await checkFreeSlug(prisma, input.slug, input.id)
  // New dates or a new zone must still hold every story of the trip.
  const stories = await prisma.post.findMany({
    where: { tripId: input.id },
    select: { title: true, happenedAt: true, publishedAt: true },
  })
  for (const s of stories) checkStoryFits({ title: s.title, at: momentOf(s) }, dates)
  const data: Prisma.TripUncheckedUpdateInput = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.summary !== undefined ? { summary: input.summary } : {}),
    ...(input.cover_image_id !== undefined ? { coverImageId: input.cover_image_id } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    startDate: dateValue(dates.startDate),
    endDate: dates.endDate === null ? null : dateValue(dates.endDate),
    timeZone: dates.timeZone,
  }
  await savingSlug(() => prisma.trip.update({ where: { id: input.id }, data }))
  return getAdminTrip(deps, input.id)
}

/** Deletes a trip; its stories and photos stay, no longer in it. */
export async function deleteTrip(deps: Deps, id: number): Promise<{ id: number }> {
  const { count } = await deps.prisma.trip.deleteMany({ where: { id } })
  if (!count) throw new NotFoundError(m.notFound)
  return { id }
}

/** Every trip, drafts included, the newest start first. */
export async function listAdminTrips(deps: Deps) {
  const rows = await deps.prisma.trip.findMany({ select: tripSelect, orderBy: [{ startDate: 'desc' }, { id: 'desc' }] })
  const [figures, counts] = await Promise.all([
    figuresOf(deps, rows),
    deps.prisma.post.groupBy({
      by: ['tripId'],
      where: { tripId: { in: rows.map((r) => r.id) } },
      _count: { _all: true },
    }),
  ])
  const all = new Map(counts.map((c) => [c.tripId, c._count._all]))
  return { trips: rows.map((r) => adminListItem(deps, r, figures, all.get(r.id) ?? 0)) }
}

function adminListItem(deps: Deps, row: TripRow, figures: Awaited<ReturnType<typeof figuresOf>>, stories: number) {
  const { cover: _cover, ...card } = cardOf(deps, row, figures.get(row.id)!)
  return {
    ...card,
    status: row.status as 'draft' | 'published',
    story_count: stories,
    updated_at: row.updatedAt.toISOString(),
  }
}

/** One trip for its editor: the fields, the figures and every story in day order. */
export async function getAdminTrip(deps: Deps, id: number): Promise<AdminTrip> {
  const row = await deps.prisma.trip.findUnique({ where: { id }, select: tripSelect })
  if (!row) throw new NotFoundError(m.notFound)
  const dates = datesOf(row)
  const [figures, stories] = await Promise.all([
    figuresOf(deps, [row]),
    deps.prisma.post.findMany({
      where: { tripId: id },
      select: { id: true, slug: true, title: true, status: true, happenedAt: true, publishedAt: true },
    }),
  ])
  const listed = stories
    .map((s) => {
      const at = momentOf(s)
      return { s, at: at?.getTime() ?? Number.MAX_SAFE_INTEGER, day: at ? storyDayOf(at, dates) : null }
    })
    .sort((a, b) => a.at - b.at || a.s.id - b.s.id)
  return {
    ...adminListItem(deps, row, figures, stories.length),
    cover_image_id: row.coverImageId,
    cover: coverOf(deps.imageStore, row),
    created_at: row.createdAt.toISOString(),
    stories: listed.map(({ s, day }) => ({
      id: s.id,
      slug: s.slug,
      title: s.title,
      status: s.status,
      day,
      happened_at: s.happenedAt?.toISOString() ?? null,
      published_at: s.publishedAt?.toISOString() ?? null,
    })),
  }
}

/**
 * "Add day": a draft story for day N of the trip, dated that day (local noon in the trip's zone), optionally
 * placed. Days run from 1 to the trip's last day (to today while it has no end).
 */
export async function addTripDay(
  deps: Deps,
  authorId: number,
  input: {
    trip_id: number
    day: number
    title?: string
    location_name?: string
    latitude?: number
    longitude?: number
  },
) {
  const { prisma } = deps
  const trip = await prisma.trip.findUnique({ where: { id: input.trip_id }, select: tripSelect })
  if (!trip) throw new NotFoundError(m.notFound)
  const dates = datesOf(trip)
  const days = dates.endDate !== null ? daysFrom(dates.startDate, dates.endDate) + 1 : dayCountAt(dates, deps.now())
  if (input.day > Math.max(days, 1)) throw new InvalidInputError(m.dayOutside(days))
  const happenedAt = middayOf(dateOfDay(dates.startDate, input.day), dates.timeZone)
  const title = input.title ?? `${trip.title}, day ${input.day}`
  const round = (v: number | undefined) => (v === undefined ? null : roundCoordinate(v, deps.places.precision))
  const post = await withFreshSlug(async (skip) =>
    prisma.post.create({
      data: {
        slug: await uniqueSlug(prisma, title, undefined, skip),
        title,
        status: 'draft',
        authorId,
        tripId: trip.id,
        happenedAt,
        locationName: input.location_name ?? null,
        latitude: round(input.latitude),
        longitude: round(input.longitude),
      },
      select: { id: true, slug: true },
    }),
  )
  return { ...post, day: input.day, happened_at: happenedAt.toISOString() }
}

/** Puts a story in a trip (checked against the trip's dates) or takes it out; optionally sets when it happened. */
export async function setStoryTrip(
  deps: Deps,
  input: { post_id: number; trip_id: number | null; happened_at?: string | null },
) {
  const { prisma } = deps
  const post = await prisma.post.findUnique({
    where: { id: input.post_id },
    select: { title: true, happenedAt: true, publishedAt: true },
  })
  if (!post) throw new NotFoundError(m.storyNotFound)
  const happenedAt =
    input.happened_at === undefined ? post.happenedAt : input.happened_at === null ? null : new Date(input.happened_at)
  const at = happenedAt ?? post.publishedAt
  let day: number | null = null
  if (input.trip_id !== null) {
    const trip = await prisma.trip.findUnique({ where: { id: input.trip_id }, select: tripSelect })
    if (!trip) throw new NotFoundError(m.notFound)
    checkStoryFits({ title: post.title, at }, datesOf(trip))
    day = at ? storyDayOf(at, datesOf(trip)) : null
  }
  await prisma.post.update({ where: { id: input.post_id }, data: { tripId: input.trip_id, happenedAt } })
  return {
    post_id: input.post_id,
    trip_id: input.trip_id,
    happened_at: happenedAt?.toISOString() ?? null,
    day,
  }
}

/** Puts a published gallery photo in a trip, or (null) gives it back to the trips whose dates hold its time. */
export async function setPhotoTrip(deps: Deps, input: { public_id: string; trip_id: number | null }) {
  const { prisma } = deps
  if (input.trip_id !== null && !(await prisma.trip.findUnique({ where: { id: input.trip_id }, select: { id: true } })))
    throw new NotFoundError(m.notFound)
  const { count } = await prisma.galleryImage.updateMany({
    where: { publicId: input.public_id },
    data: { tripId: input.trip_id },
  })
  if (!count) throw new NotFoundError(m.photoNotFound)
  return { public_id: input.public_id, trip_id: input.trip_id }
}
