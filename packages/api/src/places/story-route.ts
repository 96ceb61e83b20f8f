import type { PostRouteModel } from '@wayfarer/db'
import { publicPostWhere } from '../posts/visibility'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import type { PlacedPhoto } from './map-data'
import { haversineM, startsSegment, type StoredRoutePoint } from './route-figures'
import { placeMessages, type StoryRoute } from './schema'

type Deps = Pick<AppDeps, 'prisma' | 'places'>

// A photo taken up to an hour before the start or after the end still belongs to the day out.
const TIME_MARGIN_MS = 3_600_000
// Stored points are rounded (≈1 km by default): a photo this close to the line was taken along it.
const NEAR_ROUTE_M = 2000

/** A published story's route with the gallery photos placed along it (`routeWithPhotos`). */
export async function storyRoute(deps: Deps, slug: string): Promise<StoryRoute> {
  const post = await deps.prisma.post.findFirst({ where: { slug, ...publicPostWhere }, select: { route: true } })
  if (!post?.route) throw new NotFoundError(post ? placeMessages.routeMissing : 'Post not found')
  return routeWithPhotos(deps, post.route)
}

/**
 * Any story's route, whatever its status, or null when it has none. Only for the owner's draft preview, whose
 * token has already been checked: the public path above keeps the public-post filter.
 */
export async function anyStoryRoute(deps: Deps, postId: number): Promise<StoryRoute | null> {
  const route = await deps.prisma.postRoute.findUnique({ where: { postId } })
  return route ? routeWithPhotos(deps, route) : null
}

/**
 * A route with the gallery photos placed along it. Which photos: every published gallery photo whose EXIF time
 * falls within the route's time span (± 1 hour), placed where the track was at that moment; otherwise every
 * published photo whose point lies within 2 km of the line, placed at the nearest point of the line. No link
 * has to be kept by hand: uploading the day's photos is enough.
 */
async function routeWithPhotos(deps: Deps, route: PostRouteModel): Promise<StoryRoute> {
  const points = route.points as StoredRoutePoint[]
  const along = cumulativeDistances(points, route.distanceM)
  const snapshot = await deps.places.index.current()
  const near = nearLine(points)
  const photos = snapshot.data.photos.flatMap((photo) => {
    const placed =
      placeByTime(photo, points, along, route.startedAt, route.endedAt) ??
      (near(photo) ? placeByPoint(photo, points, along) : null)
    return placed ? [{ ...snapshot.data.mapPhoto(photo), ...placed }] : []
  })
  photos.sort((a, b) => a.distance_m - b.distance_m)
  return {
    name: route.name,
    line: points.map(([longitude, latitude]) => [longitude, latitude]),
    breaks: points.flatMap((point, i) => (startsSegment(point) ? [i] : [])),
    distance_m: route.distanceM,
    elevation_gain_m: route.elevationGainM,
    profile: route.profile as [number, number][],
    bbox: [route.minLongitude, route.minLatitude, route.maxLongitude, route.maxLatitude],
    started_at: route.startedAt?.toISOString() ?? null,
    ended_at: route.endedAt?.toISOString() ?? null,
    point_count: route.pointCount,
    photos,
  }
}

/** Distance along the simplified line at each point, scaled to the full track's length (what the profile uses). */
function cumulativeDistances(points: StoredRoutePoint[], totalM: number): number[] {
  const along = [0]
  for (let i = 1; i < points.length; i++) {
    const [lngA, latA] = points[i - 1]!
    const [lngB, latB] = points[i]!
    // The gap before a new segment was not travelled: the track's distance does not count it either.
    const leg = startsSegment(points[i]!)
      ? 0
      : haversineM({ latitude: latA, longitude: lngA }, { latitude: latB, longitude: lngB })
    along.push(along[i - 1]! + leg)
  }
  const scale = along.at(-1)! > 0 ? totalM / along.at(-1)! : 1
  return along.map((d) => d * scale)
}

type Placement = { latitude: number; longitude: number; distance_m: number; placed_by: 'time' | 'point' }

function placeByTime(
  photo: PlacedPhoto,
  points: StoredRoutePoint[],
  along: number[],
  startedAt: Date | null,
  endedAt: Date | null,
): Placement | null {
  const t = photo.taken_at
  if (t === null || !startedAt || !endedAt) return null
  if (t < startedAt.getTime() - TIME_MARGIN_MS || t > endedAt.getTime() + TIME_MARGIN_MS) return null
  const timed = points.map((p, i) => ({ p, i })).filter(({ p }) => p[3] !== null)
  if (timed.length === 0) return null
  const next = timed.findIndex(({ p }) => p[3]! >= t)
  if (next <= 0) {
    const { p, i } = next === 0 ? timed[0]! : timed.at(-1)!
    return { longitude: p[0], latitude: p[1], distance_m: Math.round(along[i]!), placed_by: 'time' }
  }
  const a = timed[next - 1]!
  const b = timed[next]!
  const f = b.p[3]! === a.p[3]! ? 0 : (t - a.p[3]!) / (b.p[3]! - a.p[3]!)
  return {
    longitude: a.p[0] + (b.p[0] - a.p[0]) * f,
    latitude: a.p[1] + (b.p[1] - a.p[1]) * f,
    distance_m: Math.round(along[a.i]! + (along[b.i]! - along[a.i]!) * f),
    placed_by: 'time',
  }
}

// Metres in a degree of latitude, rounded down (haversineM's sphere has 111,195): a margin made with it is wide enough.
const METRES_PER_DEGREE = 110_000

/**
 * Whether a photo may lie within NEAR_ROUTE_M of the line: inside the line's box widened by that much. Every photo
 * of the site is asked (500,000 at 100,000 stories), and measuring each against each of a line's up to 2,000
 * points took seconds a route; the box leaves the few near it. Where the widened box would reach a pole or the
 * 180th meridian, longitudes are not compared.
 */
function nearLine(points: StoredRoutePoint[]): (photo: PlacedPhoto) => boolean {
  if (points.length === 0) return () => false
  const margin = NEAR_ROUTE_M / METRES_PER_DEGREE
  const latitudes = points.map((p) => p[1])
  const longitudes = points.map((p) => p[0])
  const south = Math.min(...latitudes) - margin
  const north = Math.max(...latitudes) + margin
  const widest = Math.max(Math.abs(south), Math.abs(north))
  const lngMargin = widest < 89 ? margin / Math.cos((widest * Math.PI) / 180) : Infinity
  const west = Math.min(...longitudes) - lngMargin
  const east = Math.max(...longitudes) + lngMargin
  const anyLongitude = west < -180 || east > 180
  return (photo) =>
    photo.latitude !== null &&
    photo.longitude !== null &&
    photo.latitude >= south &&
    photo.latitude <= north &&
    (anyLongitude || (photo.longitude >= west && photo.longitude <= east))
}

function placeByPoint(photo: PlacedPhoto, points: StoredRoutePoint[], along: number[]): Placement | null {
  if (photo.latitude === null || photo.longitude === null) return null
  let best = -1
  let bestM = Infinity
  points.forEach(([longitude, latitude], i) => {
    const d = haversineM({ latitude, longitude }, { latitude: photo.latitude!, longitude: photo.longitude! })
    if (d < bestM) {
      bestM = d
      best = i
    }
  })
  if (best < 0 || bestM > NEAR_ROUTE_M) return null
  const [longitude, latitude] = points[best]!
  return { longitude, latitude, distance_m: Math.round(along[best]!), placed_by: 'point' }
}
