import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storyTripContext, tripPage, tripsOutput, tripTimelinePage, type TripPage } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { attachWalk, createStory, createTrip, galleryPhoto, TRIPS_NOW } from './trips.fixtures'

// What visitors read of trips, on a fixed clock: a live trip in Nepal (day 9 on the clock), a finished one in
// Iceland, a draft, with stories and photos in and out of them.
let server: TestServer
const ids: Record<string, number> = {}
beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => TRIPS_NOW } })
  const nepal = await createTrip(server, { title: 'Nepal on Foot', start_date: '2026-03-12', summary: 'Walking.' })
  const iceland = await createTrip(server, {
    title: 'Iceland Ring Road',
    start_date: '2025-06-01',
    end_date: '2025-06-10',
    time_zone: 'Atlantic/Reykjavik',
  })
  const draft = await createTrip(server, { title: 'Secret Plans', start_date: '2026-03-01', status: 'draft' })
  Object.assign(ids, { nepal: nepal.id, iceland: iceland.id, draft: draft.id })
  // 23:30 in Kathmandu on 12 March: day 1, though UTC already says 18:45 on the 12th… and day 2 would start at 18:15.
  const first = await createStory(server, {
    title: 'Kathmandu Arrival',
    trip_id: nepal.id,
    happened_at: '2026-03-12T17:45:00Z',
    location_name: 'Thamel',
    location_country: 'Nepal',
    latitude: 27.71,
    longitude: 85.31,
  })
  await attachWalk(server, first.id, 27.71, 85.31)
  await createStory(server, {
    title: 'Into the Hills',
    trip_id: nepal.id,
    happened_at: '2026-03-14T06:00:00+05:45',
    location_name: 'Nagarkot',
    latitude: 27.72,
    longitude: 85.52,
  })
  await createStory(server, { title: 'A Draft Day', trip_id: nepal.id, status: 'draft' })
  // No "when it happened": the publish time (the clock) counts, day 9.
  await createStory(server, {
    title: 'Pokhara Lakeside',
    trip_id: nepal.id,
    location_country: 'Nepal',
  })
  await createStory(server, {
    title: 'Reykjavik Nights',
    trip_id: iceland.id,
    happened_at: '2025-06-02T22:00:00Z',
    location_country: 'Iceland',
  })
  await createStory(server, { title: 'Loose Story' })
  await galleryPhoto(server, 'trip/day1', {
    takenAt: new Date('2026-03-12T10:00:00Z'),
    latitude: 27.7,
    longitude: 85.3,
    countryCode: 'NP',
  })
  await galleryPhoto(server, 'trip/day1-private', { takenAt: new Date('2026-03-12T11:00:00Z'), isPublished: false })
  await galleryPhoto(server, 'trip/day5', { takenAt: new Date('2026-03-16T04:00:00Z'), countryCode: 'IN' })
  // Put in the trip by the owner though taken long before: counted, in no day.
  await galleryPhoto(server, 'trip/owner-put', { takenAt: new Date('2025-01-01T00:00:00Z'), tripId: nepal.id })
  // Taken inside Nepal's dates but put in the Iceland trip by the owner: Iceland's only.
  await galleryPhoto(server, 'trip/elsewhere', { takenAt: new Date('2026-03-13T04:00:00Z'), tripId: iceland.id })
}, 240_000)
afterAll(() => server.close())

const trpc = async (procedure: string, input: unknown) =>
  (await server.api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)).json().result.data

describe('GET /api/trips (trips.list)', () => {
  it('lists published trips, live first, with derived figures, and never a draft', async () => {
    const res = await server.api.get('/api/trips')
    expect(res.statusCode).toBe(200)
    const { trips } = tripsOutput.parse({ trips: res.json().data })
    expect(trips.map((t) => [t.slug, t.state])).toEqual([
      ['nepal-on-foot', 'live'],
      ['iceland-ring-road', 'finished'],
    ])
    expect(trips[0]).toMatchObject({
      title: 'Nepal on Foot',
      start_date: '2026-03-12',
      end_date: null,
      time_zone: 'Asia/Kathmandu',
      day_count: 9,
      story_count: 3,
      photo_count: 3,
      country_codes: ['NP', 'IN'],
    })
    expect(trips[0]!.distance_m).toBeGreaterThan(10_000)
    expect(trips[1]).toMatchObject({ day_count: 10, story_count: 1, photo_count: 1, distance_m: 0 })
    expect(await trpc('trips.list', undefined)).toEqual({ trips })
  })
})

/** A timeline entry as "day 3" or "gap 6-8". */
const entryName = (e: TripPage['timeline'][number]) =>
  e.kind === 'gap' ? `gap ${e.from_day}-${e.to_day}` : `day ${e.day}`

describe('GET /api/trips/{slug} (trips.bySlug)', () => {
  let page: TripPage
  beforeAll(async () => {
    const res = await server.api.get('/api/trips/nepal-on-foot')
    expect(res.statusCode).toBe(200)
    page = tripPage.parse(res.json().data)
  })

  it('answers the same over tRPC', async () => {
    expect(await trpc('trips.bySlug', { slug: 'nepal-on-foot' })).toEqual(page)
  })

  it('counts days in the trip’s zone and folds runs of empty days, a week a page run on through an empty end', () => {
    // Day 7 ends the first week empty: the page runs on to day 8, so days 6–8 are one gap and the next page starts
    // with day 9.
    expect(page.timeline.map(entryName)).toEqual(['day 1', 'gap 2-2', 'day 3', 'gap 4-4', 'day 5', 'gap 6-8'])
    expect(page.timeline_next_day).toBe(9)
    const day = (n: number) => page.timeline.find((e) => e.kind === 'day' && e.day === n)
    expect(day(1)).toMatchObject({ date: '2026-03-12', place: 'Thamel, Nepal', photo_count: 1 })
    expect(page.timeline[5]).toEqual({
      kind: 'gap',
      from_day: 6,
      to_day: 8,
      from_date: '2026-03-17',
      to_date: '2026-03-19',
    })
  })

  it('shows published stories and photos only, each on its day', async () => {
    const rest = tripTimelinePage.parse(
      (await server.api.get('/api/trips/nepal-on-foot/timeline?from_day=9')).json().data,
    )
    expect(rest.timeline.map(entryName)).toEqual(['day 9'])
    const days = [...page.timeline, ...rest.timeline].flatMap((e) => (e.kind === 'day' ? [e] : []))
    expect(days.map((d) => d.stories.map((s) => s.title))).toEqual([
      ['Kathmandu Arrival'],
      ['Into the Hills'],
      [],
      ['Pokhara Lakeside'],
    ])
    expect(days.flatMap((d) => d.photos.map((p) => p.title))).toEqual(['trip/day1', 'trip/day5'])
    expect(JSON.stringify(page)).not.toMatch(/A Draft Day|day1-private|trip\/elsewhere|Loose Story/)
    expect(days[0]!.stories[0]).toMatchObject({
      day: 1,
      happened_at: '2026-03-12T17:45:00.000Z',
      slug: 'kathmandu-arrival',
    })
    expect(days[0]!.photos[0]).toMatchObject({ taken_at: '2026-03-12T10:00:00.000Z', width: 1600, height: 1067 })
  })

  it('carries the map: the stories’ routes, one marker a day with a point, and the box around them', () => {
    expect(page.map.lines).toHaveLength(1)
    expect(page.map.lines[0]![0]).toEqual([85.31, 27.71])
    expect(page.map.markers.map((m) => [m.day, m.label])).toEqual([
      [1, 'Thamel, Nepal'],
      [3, 'Nagarkot'],
    ])
    const [w, s, e, n] = page.map.bbox!
    expect([w, s, e]).toEqual([85.31, 27.71, 85.52])
    expect(n).toBeCloseTo(27.81, 2)
    expect(page.countries).toEqual([
      { code: 'NP', name: 'Nepal' },
      { code: 'IN', name: 'India' },
    ])
  })

  it.each(['secret-plans', 'no-such-trip'])('answers 404 for %s (a draft or unknown trip)', async (slug) => {
    const res = await server.api.get(`/api/trips/${slug}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, error: 'Trip not found' })
  })

  it('refuses a slug with a control character with 400', async () => {
    expect((await server.api.get('/api/trips/a%01b')).statusCode).toBe(400)
  })
})

describe('GET /api/trips/{slug}/timeline (trips.timeline)', () => {
  it('reads the timeline on from a day, and says where the next page starts', async () => {
    const page = tripPage.parse((await server.api.get('/api/trips/nepal-on-foot')).json().data)
    expect(page.timeline_next_day).toBe(9)
    // Days 3–9: the trip's last seven, so no page follows.
    const res = await server.api.get('/api/trips/nepal-on-foot/timeline?from_day=3')
    expect(res.statusCode).toBe(200)
    const more = tripTimelinePage.parse(res.json().data)
    expect(more.next_day).toBeNull()
    expect(more.timeline.map(entryName)).toEqual(['day 3', 'gap 4-4', 'day 5', 'gap 6-8', 'day 9'])
    expect(more.timeline.slice(0, 4)).toEqual(page.timeline.slice(2))
    expect(await trpc('trips.timeline', { slug: 'nepal-on-foot', from_day: 3 })).toEqual(more)
    expect((await server.api.get('/api/trips/nepal-on-foot/timeline?from_day=10')).json().data).toEqual({
      timeline: [],
      next_day: null,
    })
    expect((await server.api.get('/api/trips/nepal-on-foot/timeline?from_day=0')).statusCode).toBe(400)
    expect((await server.api.get('/api/trips/secret-plans/timeline?from_day=1')).statusCode).toBe(404)
  })
})

describe('GET /api/trips/{slug}/days/{day}/photos (trips.dayPhotos)', () => {
  it('pages a day’s published photos and refuses a day the trip has not reached', async () => {
    const res = await server.api.get('/api/trips/nepal-on-foot/days/1/photos?limit=10')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.map((p: { title: string }) => p.title)).toEqual(['trip/day1'])
    expect(res.json().pagination).toEqual({ page: 1, limit: 10, total: 1, pages: 1 })
    expect((await server.api.get('/api/trips/nepal-on-foot/days/2/photos')).json().data).toEqual([])
    const later = await server.api.get('/api/trips/nepal-on-foot/days/10/photos')
    expect(later.statusCode).toBe(404)
    expect(later.json().error).toBe('Choose a day from 1 to 9')
    expect((await server.api.get('/api/trips/nepal-on-foot/days/0/photos')).statusCode).toBe(400)
    expect((await server.api.get('/api/trips/secret-plans/days/1/photos')).statusCode).toBe(404)
  })
})

describe('GET /api/posts/slug/{slug}/trip (trips.storyContext)', () => {
  it('says which day of which trip a story is, with the stories before and after it', async () => {
    const res = await server.api.get('/api/posts/slug/into-the-hills/trip')
    expect(res.statusCode).toBe(200)
    expect(storyTripContext.parse(res.json().data)).toEqual({
      trip: { slug: 'nepal-on-foot', title: 'Nepal on Foot', state: 'live', day_count: 9 },
      day: 3,
      date: '2026-03-14',
      previous: { slug: 'kathmandu-arrival', title: 'Kathmandu Arrival', day: 1 },
      next: { slug: 'pokhara-lakeside', title: 'Pokhara Lakeside', day: 9 },
    })
    expect(await trpc('trips.storyContext', { slug: 'into-the-hills' })).toEqual(res.json().data)
  })

  it('answers null for a story in no trip, and 404 for a draft', async () => {
    expect((await server.api.get('/api/posts/slug/loose-story/trip')).json()).toEqual({ success: true, data: null })
    expect((await server.api.get('/api/posts/slug/a-draft-day/trip')).statusCode).toBe(404)
  })

  it('leaves the public post shape of GET /api/posts/slug/{slug} as it was', async () => {
    const post = (await server.api.get('/api/posts/slug/into-the-hills')).json().data
    expect(post).not.toHaveProperty('trip_id')
    expect(post).not.toHaveProperty('happened_at')
  })

  it('answers null once the trip is a draft again', async () => {
    await server.database.prisma.trip.update({ where: { id: ids.iceland }, data: { status: 'draft' } })
    expect((await server.api.get('/api/posts/slug/reykjavik-nights/trip')).json().data).toBeNull()
    await server.database.prisma.trip.update({ where: { id: ids.iceland }, data: { status: 'published' } })
  })
})

describe('places.map with trips', () => {
  it('draws every published trip’s lines and filters to one trip', async () => {
    const all = (await server.api.get('/api/places/map?zoom=0')).json().data
    expect(all.trips.map((t: { slug: string }) => t.slug).sort()).toEqual(['iceland-ring-road', 'nepal-on-foot'])
    const one = (await server.api.get('/api/places/map?zoom=12&bbox=84,27,86,28&trip=nepal-on-foot')).json().data
    expect(one.trips).toHaveLength(1)
    expect(one.trips[0].lines[0][0]).toEqual([85.31, 27.71])
    expect(one.stories.map((s: { slug: string }) => s.slug).sort()).toEqual(['into-the-hills', 'kathmandu-arrival'])
    expect(one.photos.map((p: { title: string }) => p.title)).toEqual(['trip/day1'])
    const draft = (await server.api.get('/api/places/map?zoom=0&trip=secret-plans')).json().data
    expect([draft.trips, draft.stories, draft.clusters]).toEqual([[], [], []])
  })
})
