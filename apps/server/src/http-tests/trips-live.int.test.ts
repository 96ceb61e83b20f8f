import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminTrack, newTrackToken, tripPage, type AdminTrack } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { asOwner, createTrip } from './trips.fixtures'

// Live tracking on a clock the test moves: points sent as OwnTracks sends them, a day's delay, a private zone,
// pausing, the token's life, the flood limit, and what every public read (API, tRPC, page head, feed, cache) holds.
const START = new Date('2026-03-20T12:00:00Z')
let clock = START
const at = (hours: number) => new Date(START.getTime() + hours * 3_600_000)
const tst = (d: Date) => Math.floor(d.getTime() / 1000)

// Puerto Natales, precisely (what must never leave the server), and a home to hide near Punta Arenas.
const NATALES = { lat: -51.7236123, lon: -72.4875456 }
const HOME = { latitude: -53.1638, longitude: -70.9171 }

let server: TestServer
let trip: { id: number; slug: string }
let token = ''

const basic = (secret: string, user = 'phone') => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`
/** Posts as the OwnTracks app does; `authorization` null sends none. */
const send = (body: unknown, authorization: string | null = basic(token)) =>
  server.api.post('/api/track/owntracks', typeof body === 'string' ? body : JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  })
const location = (lat: number, lon: number, when: Date, extra: Record<string, unknown> = {}) => ({
  _type: 'location',
  lat,
  lon,
  tst: tst(when),
  tid: 'ph',
  ...extra,
})
const track = async (): Promise<AdminTrack> => {
  const res = await asOwner<AdminTrack>(server, 'GET', `/api/trips/admin/${trip.id}/track`)
  expect(res.status).toBe(200)
  return adminTrack.parse(res.body.data)
}
const page = async () => {
  const res = await server.api.get(`/api/trips/${trip.slug}`)
  expect(res.statusCode).toBe(200)
  return { page: tripPage.parse(res.json().data), raw: res.body, cache: res.headers['x-cache'] }
}
/**
 * The page from the public-read cache. On PostgreSQL a write's own notification comes back a moment later and may
 * drop what was just kept, so the page is asked for until it comes from the cache (a few reads, never a wait).
 */
const cachedPage = async () => {
  for (let i = 0; i < 5; i++) {
    const read = await page()
    if (read.cache === 'HIT') return read
  }
  throw new Error('the trip page was never answered from the cache')
}
/** Every public read of the trip, as sent. */
const publicReads = async () => {
  const urls = [
    `/api/trips/${trip.slug}`,
    `/trpc/trips.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: trip.slug }))}`,
    `/trips/${trip.slug}`,
    `/trips/${trip.slug}/rss.xml`,
    '/api/trips',
    `/api/places/map?bbox=-180,-90,180,90&zoom=2`,
  ]
  return (await Promise.all(urls.map((u) => server.api.get(u)))).map((r) => r.body).join('\n')
}

beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => clock }, appShell: true, config: { publicCache: true } })
  trip = await createTrip(server, {
    title: 'Patagonia Live',
    start_date: '2026-03-15',
    time_zone: 'America/Punta_Arenas',
  })
  const res = await asOwner(server, 'POST', `/api/trips/${trip.id}/track/token`, {})
  expect(res.status).toBe(200)
  const made = newTrackToken.parse(res.body.data)
  token = made.token
  expect(made.url).toContain(`${trip.slug}:${encodeURIComponent(token)}@`)
  expect(made.url).toMatch(/\/api\/track\/owntracks$/)
}, 240_000)
afterAll(() => server.close())

describe('the OwnTracks endpoint', () => {
  it('refuses a missing, wrong or session token with 401 in the envelope', async () => {
    const point = location(NATALES.lat, NATALES.lon, at(-1))
    for (const authorization of [
      null,
      basic('wft_not-a-token'),
      `Bearer ${await server.ownerToken()}`,
      basic(await server.ownerToken()),
      'Basic %%%',
    ]) {
      const res = await send(point, authorization)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) })
    }
    expect((await track()).point_count).toBe(0)
  })

  it('answers other message types and empty bodies with [] and keeps nothing', async () => {
    for (const body of [{ _type: 'transition', event: 'enter' }, { _type: 'waypoints' }, '']) {
      const res = await send(body)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([])
    }
    expect((await track()).point_count).toBe(0)
  })

  it('refuses points out of range, from the future, malformed or not JSON with 400', async () => {
    for (const body of [
      location(91, 0, at(-1)),
      location(0, -181, at(-1)),
      location(0, 0, at(1)),
      { _type: 'location', lat: 1, lon: 2 },
      location(0, 0, at(-1), { batt: 'full' }),
      '{"_type": "location", ',
      '[]',
    ]) {
      const res = await send(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().success).toBe(false)
    }
    expect((await track()).point_count).toBe(0)
  })

  it('is in the OpenAPI document, with Basic authentication', async () => {
    const doc = (await server.api.get('/api/openapi.json')).json()
    expect(doc.paths['/api/track/owntracks'].post.security).toEqual([{ trackToken: [] }])
    expect(doc.components.securitySchemes.trackToken.scheme).toBe('basic')
  })
})

describe('a point goes public only after the delay, rounded', () => {
  it('is kept exactly for the owner and absent from every public read before its time', async () => {
    const res = await send(location(NATALES.lat, NATALES.lon, at(-1), { acc: 12, alt: 40, batt: 80 }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    // The same point again (an app retrying) is stored once.
    expect((await send(location(NATALES.lat, NATALES.lon, at(-1)))).statusCode).toBe(200)
    const owner = await track()
    expect(owner.point_count).toBe(1)
    expect(owner.points[0]).toMatchObject({
      latitude: NATALES.lat,
      longitude: NATALES.lon,
      source: 'owntracks',
      accuracy_m: 12,
      battery: 80,
      hidden_reason: null,
      public_at: at(23).toISOString(),
    })
    const first = await page()
    expect(first.page.last_seen).toBeNull()
    // From the cache, still nothing.
    expect((await cachedPage()).page.last_seen).toBeNull()
    clock = at(22.9)
    const before = await publicReads()
    expect(before).not.toContain('-51.72')
    expect(before).not.toContain('Puerto Natales')
  })

  it('shows "last seen" rounded once the delay has passed, even where the earlier answer was cached', async () => {
    clock = at(23)
    const { page: p, raw } = await page()
    expect(p.last_seen).toEqual({
      place: 'Puerto Natales',
      country_code: 'CL',
      latitude: -51.72,
      longitude: -72.49,
      at: new Date(Math.floor(at(-1).getTime() / 60_000) * 60_000).toISOString(),
      note: '',
    })
    expect(raw).not.toContain('-51.7236')
    const all = await publicReads()
    expect(all).toContain('Puerto Natales')
    expect(all).not.toContain(String(NATALES.lat))
    expect(all).not.toContain('-51.7236')
  })
})

describe('private zones, pausing, and points kept out', () => {
  it('cuts the public track where it enters a zone and never shows a point inside one', async () => {
    const zoned = await asOwner<AdminTrack>(server, 'PUT', `/api/trips/${trip.id}/track`, {
      zones: [{ name: 'Home', ...HOME, radius_m: 3000 }],
    })
    expect(zoned.status).toBe(200)
    // A drive towards home and into it: two points outside, one at home, then away again.
    const route = [
      [-52.6, -71.3, 24],
      [-52.9, -71.1, 25],
      [HOME.latitude + 0.001, HOME.longitude, 26],
      [-53.2, -70.7, 27],
      [-53.3, -70.6, 28],
    ] as const
    clock = at(28.5)
    for (const [lat, lon, h] of route) expect((await send(location(lat, lon, at(h)))).statusCode).toBe(200)
    clock = at(50.5)
    const { page: p, raw } = await page()
    const tracked = p.map.lines.filter((l) => l.some(([lng]) => lng < -70))
    expect(tracked).toEqual([
      [
        [-72.49, -51.72],
        [-71.3, -52.6],
        [-71.1, -52.9],
      ],
    ])
    expect(raw).not.toContain(String(HOME.latitude))
    expect(raw).not.toContain('-53.16')
    // The newest public point is at home: "last seen" goes back to the last one outside.
    expect(p.last_seen?.latitude).toBe(-52.9)
    clock = at(52)
    const later = await page()
    expect(later.page.map.lines.filter((l) => l.some(([lng]) => lng < -70))).toHaveLength(2)
    expect(later.page.last_seen?.latitude).toBe(-53.3)
    expect((await track()).points.find((pt) => pt.latitude === HOME.latitude + 0.001)?.in_zone).toBe(true)
  })

  it('a zone drawn after points went public takes them out of the public track at the next read', async () => {
    expect((await page()).raw).toContain('[-71.3,-52.6]')
    const zoned = await asOwner<AdminTrack>(server, 'PUT', `/api/trips/${trip.id}/track`, {
      zones: [
        { name: 'Home', ...HOME, radius_m: 3000 },
        { name: 'Friends', latitude: -52.6, longitude: -71.3, radius_m: 2000 },
      ],
    })
    expect(zoned.status).toBe(200)
    expect((await page()).raw).not.toContain('-52.6')
    await asOwner<AdminTrack>(server, 'PUT', `/api/trips/${trip.id}/track`, {
      zones: [{ name: 'Home', ...HOME, radius_m: 3000 }],
    })
  })

  it('keeps an impossible jump out of the public track, with the reason for the owner', async () => {
    // Punta Arenas to Lima in ten minutes.
    expect((await send(location(-12.05, -77.04, at(28.2)))).statusCode).toBe(200)
    const jump = (await track()).points.find((pt) => pt.latitude === -12.05)
    expect(jump).toMatchObject({ hidden_reason: 'too_fast', public_at: null })
    clock = at(60)
    expect(await publicReads()).not.toContain('-12.05')
  })

  it('pausing hides the points that arrive while paused, for good', async () => {
    expect((await asOwner(server, 'PUT', `/api/trips/${trip.id}/track`, { paused: true })).status).toBe(200)
    expect((await send(location(-53.4, -70.5, at(59)))).statusCode).toBe(200)
    expect((await track()).points.find((pt) => pt.latitude === -53.4)).toMatchObject({ hidden_reason: 'paused' })
    expect((await asOwner(server, 'PUT', `/api/trips/${trip.id}/track`, { paused: false })).status).toBe(200)
    clock = at(200)
    const all = await publicReads()
    expect(all).not.toContain('-53.4')
    expect((await page()).page.last_seen?.latitude).toBe(-53.3)
  })

  it('a shorter delay releases points at once, and the cached answers go with it', async () => {
    expect((await send(location(-53.5, -70.4, at(199)))).statusCode).toBe(200)
    expect((await cachedPage()).page.last_seen?.latitude).toBe(-53.3)
    const res = await asOwner<AdminTrack>(server, 'PUT', `/api/trips/${trip.id}/track`, { delay_minutes: 30 })
    expect(res.status).toBe(200)
    expect(res.body.data.delay_minutes).toBe(30)
    expect((await page()).page.last_seen?.latitude).toBe(-53.5)
  })

  it('refuses bad settings with 400 and changes nothing', async () => {
    for (const body of [
      { delay_minutes: -1 },
      { delay_minutes: 600_000 },
      { zones: [{ ...HOME, radius_m: 5 }] },
      { zones: [{ latitude: 95, longitude: 0, radius_m: 500 }] },
      { paused: 'yes' },
    ]) {
      const res = await asOwner(server, 'PUT', `/api/trips/${trip.id}/track`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const now = await track()
    expect(now).toMatchObject({ delay_minutes: 30, paused: false })
    expect(now.zones).toHaveLength(1)
  })
})

describe('check-ins from the admin', () => {
  it('records a point now with a note, for the owner only', async () => {
    // Kept while no point was waiting for its release: recording one does not drop it, its release bounds it.
    expect((await cachedPage()).page.last_seen?.place).toBe('Porvenir')
    const res = await asOwner<AdminTrack>(server, 'POST', `/api/trips/${trip.id}/check-ins`, {
      latitude: -50.3379,
      longitude: -72.2648,
      note: 'Perito Moreno today',
    })
    expect(res.status).toBe(200)
    expect(res.body.data.points[0]).toMatchObject({ source: 'checkin', note: 'Perito Moreno today' })
    const anonymous = await server.api.post(`/api/trips/${trip.id}/check-ins`, { latitude: 1, longitude: 2 })
    expect(anonymous.statusCode).toBe(401)
    const bad = await asOwner(server, 'POST', `/api/trips/${trip.id}/check-ins`, { latitude: 200, longitude: 2 })
    expect(bad.status).toBe(400)
    const unknownTrip = await asOwner(server, 'POST', `/api/trips/99999/check-ins`, { latitude: 1, longitude: 2 })
    expect(unknownTrip.status).toBe(404)
    expect((await page()).page.last_seen?.note).not.toBe('Perito Moreno today')
    clock = new Date(clock.getTime() + 31 * 60_000)
    expect((await page()).page.last_seen).toMatchObject({ place: 'El Calafate', note: 'Perito Moreno today' })
  })
})

describe("the token's life", () => {
  it('a revoked token gets 401; a new one replaces the old', async () => {
    const revoked = await asOwner<AdminTrack>(server, 'DELETE', `/api/trips/${trip.id}/track/token`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.token_created_at).toBeNull()
    expect((await send(location(-50, -72, clock))).statusCode).toBe(401)
    const old = token
    const made = await asOwner<{ token: string }>(server, 'POST', `/api/trips/${trip.id}/track/token`, {})
    token = made.body.data.token
    expect(token).not.toBe(old)
    expect((await send(location(-50, -72, clock), basic(old))).statusCode).toBe(401)
    expect((await send(location(-50.01, -72.01, clock))).statusCode).toBe(200)
    // The token is never shown again, nor in the trip's admin answers.
    expect(JSON.stringify(await track())).not.toContain(token)
    expect(JSON.stringify((await asOwner(server, 'GET', `/api/trips/admin/${trip.id}`)).body)).not.toContain(token)
  })

  it('a flood of points gets 429 with Retry-After, per token', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 125; i++) statuses.push((await send({ _type: 'status' })).statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(120 - 1)
    const limited = await send({ _type: 'status' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another trip's token is not held back by this one's flood.
    const other = await createTrip(server, { title: 'Another Trip', start_date: '2026-03-15' })
    const made = await asOwner<{ token: string }>(server, 'POST', `/api/trips/${other.id}/track/token`, {})
    expect((await send({ _type: 'status' }, basic(made.body.data.token))).statusCode).toBe(200)
  })
})
