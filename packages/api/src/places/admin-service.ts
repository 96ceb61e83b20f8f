import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { stripVersion } from '../media/image-store'
import { countryCodeFromText } from './countries'
import { parseGpx } from './gpx'
import { roundCoordinate } from './precision'
import { routeFigures } from './route-figures'
import { placeMessages, type PhotoPlace, type SetPhotoPlaceInput } from './schema'

type Deps = Pick<AppDeps, 'prisma' | 'places'>
type SetPhotoPlace = SetPhotoPlaceInput & { country_code: string | null }

const round = (deps: Deps, value: number | null | undefined): number | null =>
  value == null ? null : roundCoordinate(value, deps.places.precision)

/**
 * Where the owner says a gallery photo was taken (accepting the photo's own GPS suggestion, picking a place or
 * dropping a pin), rounded to LOCATION_PRECISION. A photo that is not published yet keeps its place in an
 * unpublished record, so publishing it later carries the place along.
 */
export async function setPhotoPlace(deps: Deps, input: SetPhotoPlace): Promise<PhotoPlace> {
  const place = {
    latitude: round(deps, input.latitude),
    longitude: round(deps, input.longitude),
    countryCode: input.country_code ?? countryCodeFromText(input.location),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.taken_at !== undefined ? { takenAt: input.taken_at === null ? null : new Date(input.taken_at) } : {}),
  }
  const existing = await deps.prisma.galleryImage.findUnique({
    where: { publicId: input.public_id },
    select: { id: true },
  })
  if (!existing && !input.image) throw new NotFoundError(messages.gallery.imageNotFound)
  const row = existing
    ? await deps.prisma.galleryImage.update({ where: { publicId: input.public_id }, data: place })
    : await deps.prisma.galleryImage.create({
        data: {
          publicId: input.public_id,
          ...input.image!,
          url: stripVersion(input.image!.url),
          location: input.location ?? '',
          isPublished: false,
          ...place,
        },
      })
  return toPhotoPlace(row)
}

/** Every gallery record that has a place, for the manager's badges. */
export async function listPhotoPlaces(deps: Deps): Promise<PhotoPlace[]> {
  const rows = await deps.prisma.galleryImage.findMany({
    where: { OR: [{ latitude: { not: null } }, { countryCode: { not: null } }] },
    orderBy: { id: 'asc' },
  })
  return rows.map(toPhotoPlace)
}

const toPhotoPlace = (row: {
  publicId: string
  latitude: number | null
  longitude: number | null
  countryCode: string | null
  location: string
  takenAt: Date | null
}): PhotoPlace => ({
  public_id: row.publicId,
  latitude: row.latitude,
  longitude: row.longitude,
  country_code: row.countryCode,
  location: row.location,
  taken_at: row.takenAt?.toISOString() ?? null,
})

/**
 * Attaches a GPX route to a story (replacing one it had). The file is checked and parsed before anything is
 * written; the story gets the route's start as its point (and the country there) when it has none.
 */
export async function attachRoute(deps: Deps, postId: number, gpx: Uint8Array | undefined) {
  const post = await deps.prisma.post.findUnique({
    where: { id: postId },
    select: { latitude: true, longitude: true, countryCode: true },
  })
  if (!post) throw new NotFoundError(messages.posts.missing)
  const figures = routeFigures(parseGpx(gpx))
  const route = {
    name: figures.name,
    points: figures.points,
    profile: figures.profile,
    distanceM: figures.distanceM,
    elevationGainM: figures.elevationGainM,
    pointCount: figures.pointCount,
    startedAt: figures.startedAt,
    endedAt: figures.endedAt,
    minLongitude: figures.bbox[0],
    minLatitude: figures.bbox[1],
    maxLongitude: figures.bbox[2],
    maxLatitude: figures.bbox[3],
  }
  const needsPoint = post.latitude === null || post.longitude === null
  const startCountry =
    needsPoint && !post.countryCode
      ? deps.places.gazetteer.nearest(figures.start.latitude, figures.start.longitude)?.country_code
      : undefined
  const updated = await deps.prisma.$transaction(async (tx) => {
    await tx.postRoute.upsert({ where: { postId }, create: { postId, ...route }, update: route })
    return tx.post.update({
      where: { id: postId },
      data: needsPoint
        ? {
            latitude: round(deps, figures.start.latitude),
            longitude: round(deps, figures.start.longitude),
            ...(startCountry ? { countryCode: startCountry } : {}),
          }
        : {},
      select: { latitude: true, longitude: true },
    })
  })
  return {
    post_id: postId,
    distance_m: figures.distanceM,
    elevation_gain_m: figures.elevationGainM,
    point_count: figures.pointCount,
    ...updated,
  }
}

export async function removeRoute(deps: Deps, postId: number): Promise<{ post_id: number }> {
  const { count } = await deps.prisma.postRoute.deleteMany({ where: { postId } })
  if (count === 0) throw new NotFoundError(placeMessages.routeMissing)
  return { post_id: postId }
}

/** The route attached to a story, as the editor summarises it; null without one. */
export async function routeSummary(deps: Deps, postId: number) {
  const route = await deps.prisma.postRoute.findUnique({
    where: { postId },
    select: { name: true, distanceM: true, elevationGainM: true, pointCount: true, startedAt: true },
  })
  if (!route) {
    if (!(await deps.prisma.post.findUnique({ where: { id: postId }, select: { id: true } })))
      throw new NotFoundError(messages.posts.missing)
    return null
  }
  return {
    name: route.name,
    distance_m: route.distanceM,
    elevation_gain_m: route.elevationGainM,
    point_count: route.pointCount,
    started_at: route.startedAt?.toISOString() ?? null,
  }
}
