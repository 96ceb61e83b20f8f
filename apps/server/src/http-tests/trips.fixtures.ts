import type { TestServer } from '../testing/test-server'
import { createStory, gpxOf } from './places.fixtures'

/** The clock of the trips tests: 12:00 UTC on 20 March 2026 (17:45 in Kathmandu). */
export const TRIPS_NOW = new Date('2026-03-20T12:00:00Z')

export const owner = async (server: TestServer) => ({ authorization: `Bearer ${await server.ownerToken()}` })

export interface Envelope<T> {
  success: boolean
  data: T
  error?: string
}

/** Calls a REST path as the owner and returns the answer (any status); `T` is the data's shape when it succeeds. */
export async function asOwner<T = Record<string, unknown>>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const api = await server.api.asOwner()
  const res =
    method === 'GET'
      ? await api.get(url)
      : await api[method.toLowerCase() as 'post' | 'put' | 'delete'](url, payload as Record<string, unknown>)
  return { status: res.statusCode, body: res.json() as Envelope<T> }
}

/** Creates a trip through the REST path; throws when refused. */
export async function createTrip(
  server: TestServer,
  fields: Record<string, unknown>,
): Promise<{ id: number; slug: string }> {
  const res = await asOwner<{ id: number; slug: string }>(server, 'POST', '/api/trips', {
    time_zone: 'Asia/Kathmandu',
    status: 'published',
    ...fields,
  })
  if (res.status !== 200) throw new Error(`trip not created: ${JSON.stringify(res.body)}`)
  return res.body.data
}

/** A published gallery photo (published records are what trips and the gallery show). */
export async function galleryPhoto(
  server: TestServer,
  publicId: string,
  fields: {
    takenAt?: Date | null
    isPublished?: boolean
    tripId?: number
    latitude?: number
    longitude?: number
    countryCode?: string
  } = {},
) {
  return server.database.prisma.galleryImage.create({
    data: {
      publicId,
      url: `/media/${publicId}.webp`,
      width: 1600,
      height: 1067,
      title: publicId,
      location: 'Pokhara, Nepal',
      isPublished: fields.isPublished ?? true,
      takenAt: fields.takenAt ?? null,
      tripId: fields.tripId ?? null,
      latitude: fields.latitude ?? null,
      longitude: fields.longitude ?? null,
      countryCode: fields.countryCode ?? null,
    },
  })
}

/** Attaches a two-point GPX route (about 11 km north) to a story. */
export async function attachWalk(server: TestServer, postId: number, lat: number, lon: number) {
  const gpx = gpxOf([
    [lat, lon, 800],
    [lat + 0.1, lon, 900],
  ])
  const res = await (
    await server.api.asOwner()
  ).upload(`/api/posts/${postId}/route`, {
    field: 'gpx',
    bytes: new TextEncoder().encode(gpx),
    filename: 'walk.gpx',
    type: 'application/gpx+xml',
  })
  if (res.statusCode !== 200) throw new Error(`route not attached: ${res.body}`)
}

export { createStory }
