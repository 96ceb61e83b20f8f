import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminTrip, adminTripsOutput, type AdminTrip } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { asOwner, createStory, createTrip, galleryPhoto, owner, TRIPS_NOW } from './trips.fixtures'

// The owner's trip procedures through REST and tRPC, with the bad inputs: each refused whole, nothing written.
let server: TestServer
let trip: { id: number; slug: string }
beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => TRIPS_NOW } })
  trip = await createTrip(server, {
    title: 'Annapurna Circuit',
    start_date: '2026-03-01',
    end_date: '2026-03-10',
    time_zone: 'asia/kathmandu',
    status: 'draft',
  })
}, 120_000)
afterAll(() => server.close())

const tripRow = () => server.database.prisma.trip.findUniqueOrThrow({ where: { id: trip.id } })
const counts = async () => ({
  trips: await server.database.prisma.trip.count(),
  posts: await server.database.prisma.post.count(),
})

describe('create, read, update and delete', () => {
  it('creates a trip with a slug from its title and the zone in IANA spelling', async () => {
    const res = await asOwner<AdminTrip>(server, 'GET', `/api/trips/admin/${trip.id}`)
    expect(res.status).toBe(200)
    expect(adminTrip.parse(res.body.data)).toMatchObject({
      slug: 'annapurna-circuit',
      time_zone: 'Asia/Kathmandu',
      status: 'draft',
      state: 'finished',
      day_count: 10,
      stories: [],
      cover: null,
    })
    const again = await createTrip(server, { title: 'Annapurna Circuit', start_date: '2026-04-01' })
    expect(again.slug).toBe('annapurna-circuit-2')
    const list = await asOwner(server, 'GET', '/api/trips/admin')
    expect(adminTripsOutput.parse({ trips: list.body.data }).trips.map((t) => t.slug)).toEqual([
      'annapurna-circuit-2',
      'annapurna-circuit',
    ])
  })

  it('changes only the fields sent, and clears the cover when its photo is deleted', async () => {
    const photo = await galleryPhoto(server, 'trips/cover')
    const res = await asOwner<AdminTrip>(server, 'PUT', `/api/trips/${trip.id}`, {
      summary: 'Ten days around the massif.',
      cover_image_id: photo.id,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ summary: 'Ten days around the massif.', title: 'Annapurna Circuit' })
    expect(res.body.data.cover).toMatchObject({ url: '/media/trips/cover.webp', width: 1600 })
    await server.database.prisma.galleryImage.delete({ where: { id: photo.id } })
    expect((await tripRow()).coverImageId).toBeNull()
  })

  it('answers over tRPC too', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/trpc/trips.adminById?input=${encodeURIComponent(JSON.stringify({ id: trip.id }))}`,
      headers: await owner(server),
    })
    expect(res.json().result.data).toMatchObject({ id: trip.id, slug: 'annapurna-circuit' })
  })
})

describe('stories and photos in a trip', () => {
  it('"Add day" makes a draft dated that day at local noon, in the trip, placed when asked', async () => {
    const res = await asOwner(server, 'POST', `/api/trips/${trip.id}/days`, {
      day: 3,
      location_name: 'Manang',
      latitude: 28.6667,
      longitude: 84.0167,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      day: 3,
      slug: 'annapurna-circuit-day-3',
      happened_at: '2026-03-03T06:15:00.000Z',
    })
    const post = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'annapurna-circuit-day-3' } })
    expect(post).toMatchObject({
      status: 'draft',
      tripId: trip.id,
      locationName: 'Manang',
      latitude: 28.67,
      longitude: 84.02,
    })
    const editor = await asOwner(server, 'GET', `/api/posts/admin/${post.id}`)
    expect(editor.body.data).toMatchObject({ trip_id: trip.id, happened_at: '2026-03-03T06:15:00.000Z' })
    const listed = await asOwner<AdminTrip>(server, 'GET', `/api/trips/admin/${trip.id}`)
    expect(listed.body.data.stories).toEqual([expect.objectContaining({ id: post.id, day: 3, status: 'draft' })])
  })

  it('puts a story in a trip and takes it out; the post editor’s save does the same', async () => {
    const story = await createStory(server, { title: 'Thorong La' })
    // Published now (20 March): ten days after the trip, so it needs its own time.
    const late = await asOwner(server, 'PUT', `/api/posts/${story.id}/trip`, { trip_id: trip.id })
    expect(late.status).toBe(400)
    expect(late.body.error).toBe(
      '"Thorong La" happened on 2026-03-20, more than a day outside the trip (2026-03-01 to 2026-03-10). Change when it happened, or the trip’s dates.',
    )
    const put = await asOwner(server, 'PUT', `/api/posts/${story.id}/trip`, {
      trip_id: trip.id,
      happened_at: '2026-03-08T04:00:00+05:45',
    })
    expect(put.body.data).toEqual({
      post_id: story.id,
      trip_id: trip.id,
      happened_at: '2026-03-07T22:15:00.000Z',
      day: 8,
    })
    // A day after the end is still the trip (the morning after), counted on its last day.
    const after = await asOwner(server, 'PUT', `/api/posts/${story.id}/trip`, {
      trip_id: trip.id,
      happened_at: '2026-03-11T09:00:00Z',
    })
    expect(after.body.data.day).toBe(10)
    const out = await asOwner(server, 'PUT', `/api/posts/${story.id}/trip`, { trip_id: null })
    expect(out.body.data).toMatchObject({ trip_id: null, day: null })
    // The editor's save: trip and time in the same body as the story.
    const saved = await asOwner(server, 'PUT', `/api/posts/${story.id}`, {
      title: 'Thorong La',
      content: '<p>Over the pass.</p>',
      trip_id: trip.id,
      happened_at: '2026-03-08T05:00:00Z',
    })
    expect(saved.status).toBe(200)
    const far = await asOwner(server, 'PUT', `/api/posts/${story.id}`, {
      title: 'Thorong La',
      content: '<p>Over the pass.</p>',
      happened_at: '2026-02-01T05:00:00Z',
    })
    expect(far.status).toBe(400)
    expect(far.body.error).toMatch(/happened on 2026-02-01, more than a day outside the trip/)
    const row = await server.database.prisma.post.findUniqueOrThrow({ where: { id: story.id } })
    expect(row.happenedAt?.toISOString()).toBe('2026-03-08T05:00:00.000Z')
  })

  it('refuses to move the dates of a trip away from its stories, and changes nothing', async () => {
    const res = await asOwner(server, 'PUT', `/api/trips/${trip.id}`, { start_date: '2026-03-05', title: 'Moved' })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/^"Annapurna Circuit, day 3" happened on 2026-03-03/)
    expect(await tripRow()).toMatchObject({ title: 'Annapurna Circuit', startDate: new Date('2026-03-01T00:00:00Z') })
  })

  it('puts a photo in a trip, and gives it back to its dates', async () => {
    await galleryPhoto(server, 'trips/owner-put')
    const res = await asOwner(server, 'PUT', '/api/gallery/trip', { public_id: 'trips/owner-put', trip_id: trip.id })
    expect(res.body.data).toEqual({ public_id: 'trips/owner-put', trip_id: trip.id })
    const back = await asOwner(server, 'PUT', '/api/gallery/trip', { public_id: 'trips/owner-put', trip_id: null })
    expect(back.body.data.trip_id).toBeNull()
    const missing = await asOwner(server, 'PUT', '/api/gallery/trip', { public_id: 'nope', trip_id: trip.id })
    expect([missing.status, missing.body.error]).toEqual([
      404,
      'Publish the photo in the gallery before putting it in a trip',
    ])
  })

  it('deletes a trip and keeps its stories, no longer in it', async () => {
    const doomed = await createTrip(server, { title: 'Short Hop', start_date: '2026-03-15' })
    const story = await createStory(server, { title: 'Hop', trip_id: doomed.id })
    expect((await asOwner(server, 'DELETE', `/api/trips/${doomed.id}`)).body.data).toEqual({ id: doomed.id })
    expect(await server.database.prisma.post.findUniqueOrThrow({ where: { id: story.id } })).toMatchObject({
      tripId: null,
    })
    expect((await asOwner(server, 'DELETE', `/api/trips/${doomed.id}`)).status).toBe(404)
  })
})

describe('bad input: a clear 4xx and nothing written', () => {
  const bad: [string, 'POST' | 'PUT', () => string, Record<string, unknown>, number, string | RegExp][] = [
    [
      'end before start',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2026-03-10', end_date: '2026-03-09', time_zone: 'UTC' },
      400,
      'The end date must not be before the start date',
    ],
    [
      'end before start (update)',
      'PUT',
      () => `/api/trips/${trip.id}`,
      { end_date: '2026-02-01' },
      400,
      'The end date must not be before the start date',
    ],
    [
      'an unknown time zone',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2026-03-10', time_zone: 'Mars/Olympus' },
      400,
      /^Unknown time zone/,
    ],
    [
      'an offset for a zone',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2026-03-10', time_zone: '+05:45' },
      400,
      /^Unknown time zone/,
    ],
    [
      'a date that does not exist',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2026-02-30', time_zone: 'UTC' },
      400,
      'Start date must be a date such as 2026-03-12',
    ],
    [
      'a trip longer than ten years',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2020-01-01', end_date: '2030-12-31', time_zone: 'UTC' },
      400,
      'A trip may last at most ten years (3,660 days)',
    ],
    [
      'a date out of range',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '0001-01-01', time_zone: 'UTC' },
      400,
      'Dates must be between 1900 and 2199',
    ],
    [
      'a slug clash',
      'POST',
      () => '/api/trips',
      { title: 'X', slug: 'annapurna-circuit', start_date: '2026-03-10', time_zone: 'UTC' },
      409,
      'Another trip already uses this address',
    ],
    [
      'a slug clash (update)',
      'PUT',
      () => `/api/trips/${trip.id}`,
      { slug: 'annapurna-circuit-2' },
      409,
      'Another trip already uses this address',
    ],
    [
      'a reserved slug',
      'POST',
      () => '/api/trips',
      { title: 'X', slug: 'admin', start_date: '2026-03-10', time_zone: 'UTC' },
      409,
      'Another trip already uses this address',
    ],
    [
      'a malformed slug',
      'POST',
      () => '/api/trips',
      { title: 'X', slug: 'Not A Slug', start_date: '2026-03-10', time_zone: 'UTC' },
      400,
      'The address may hold only lowercase letters, digits and hyphens',
    ],
    [
      'a cover that is no published photo',
      'POST',
      () => '/api/trips',
      { title: 'X', start_date: '2026-03-10', time_zone: 'UTC', cover_image_id: 999999 },
      400,
      'The cover must be a photo published in the gallery',
    ],
    [
      'out-of-range coordinates',
      'POST',
      () => `/api/trips/${trip.id}/days`,
      { day: 2, latitude: 91, longitude: 10 },
      400,
      'Latitude must be a number between -90 and 90',
    ],
    [
      'half a point',
      'POST',
      () => `/api/trips/${trip.id}/days`,
      { day: 2, latitude: 28 },
      400,
      'A point needs both a latitude and a longitude',
    ],
    ['a day past the end', 'POST', () => `/api/trips/${trip.id}/days`, { day: 11 }, 400, 'Choose a day from 1 to 10'],
    [
      'a story in an unknown trip',
      'POST',
      () => '/api/posts',
      { title: 'Y', content: '<p>y</p>', trip_id: 999999 },
      400,
      'Trip not found',
    ],
    [
      'a story far outside the dates',
      'POST',
      () => '/api/posts',
      { title: 'Y', content: '<p>y</p>', status: 'published', trip_id: 0 },
      400,
      /more than a day outside the trip/,
    ],
    [
      'a malformed time',
      'PUT',
      () => '/api/posts/1/trip',
      { trip_id: 1, happened_at: 'yesterday' },
      400,
      /^Must be a date and time/,
    ],
  ]

  it.each(bad)('%s', async (_label, method, url, payload, status, message) => {
    const body = payload.trip_id === 0 ? { ...payload, trip_id: trip.id } : payload
    const before = await counts()
    const trip0 = await tripRow()
    const res = await asOwner(server, method, url(), body)
    expect(res.status).toBe(status)
    expect(res.body.success).toBe(false)
    if (typeof message === 'string') expect(res.body.error).toBe(message)
    else expect(res.body.error).toMatch(message)
    expect(await counts()).toEqual(before)
    expect(await tripRow()).toEqual(trip0)
  })

  it('answers 404 for an unknown trip and tRPC’s BAD_REQUEST for a bad zone', async () => {
    expect((await asOwner(server, 'PUT', '/api/trips/999999', { title: 'Z' })).status).toBe(404)
    expect((await asOwner(server, 'POST', '/api/trips/999999/days', { day: 1 })).status).toBe(404)
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/trips.create',
      headers: await owner(server),
      payload: { title: 'X', start_date: '2026-03-10', time_zone: 'Nowhere/Land' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toMatch(/^Unknown time zone/)
  })
})
