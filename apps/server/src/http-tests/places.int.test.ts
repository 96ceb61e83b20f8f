import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { createStory } from './places.fixtures'

let server: TestServer
let owner: Api
const trpcQuery = (path: string, input: unknown, api: Api = server.api) =>
  api.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
const WORLD = 'bbox=-180,-85,180,85'

let pokhara: { id: number; slug: string }
beforeAll(async () => {
  server = await startTestServer()
  owner = await server.api.asOwner()
  const category = await server.database.prisma.category.create({
    data: { name: 'Adventure Travel', slug: 'adventure-travel' },
  })
  pokhara = await createStory(server, {
    title: 'Lakeside in Pokhara',
    location_name: 'Phewa Lake',
    location_city: 'Pokhara',
    location_region: 'Gandaki',
    location_country: 'Nepal',
    latitude: 28.215678,
    longitude: 83.945123,
    country_code: 'np',
    category_id: category.id,
  })
  // Close enough to Pokhara to share a cluster at world zoom, far enough to split when zoomed in.
  await createStory(server, {
    title: 'Sarangkot sunrise',
    location_country: 'Nepal',
    latitude: 28.244,
    longitude: 83.949,
  })
  await createStory(server, {
    title: 'Lisbon trams',
    location_country: 'Portugal',
    latitude: 38.7223,
    longitude: -9.1393,
  })
  await createStory(server, {
    title: 'Only a country',
    location_country: 'Viet Nam, officially',
    country_code: 'VN',
  })
  await createStory(server, {
    title: 'A draft in Peru',
    location_country: 'Peru',
    latitude: -13.53,
    longitude: -71.97,
    status: 'draft',
  })
}, 60_000)
afterAll(() => server.close())

describe('story places on save', () => {
  it('rounds the point to LOCATION_PRECISION and keeps the country code', async () => {
    const row = await server.database.prisma.post.findUniqueOrThrow({ where: { id: pokhara.id } })
    expect([row.latitude, row.longitude, row.countryCode]).toEqual([28.22, 83.95, 'NP'])
    const res = await server.api.get(`/api/posts/slug/${pokhara.slug}/place`)
    expect(res.json().data).toEqual({
      slug: pokhara.slug,
      latitude: 28.22,
      longitude: 83.95,
      country_code: 'NP',
      country_name: 'Nepal',
      has_route: false,
    })
    expect((await trpcQuery('places.story', { slug: pokhara.slug })).json().result.data.country_code).toBe('NP')
    expect((await server.api.get('/api/posts/slug/no-such-story/place')).statusCode).toBe(404)
  })

  it('takes the country code from the country text when none is sent', async () => {
    const { id } = await createStory(server, { title: 'Tram 28 again', location_country: 'portugal' })
    expect((await server.database.prisma.post.findUniqueOrThrow({ where: { id } })).countryCode).toBe('PT')
  })

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a latitude above 90', { latitude: 91, longitude: 10 }, /Latitude must be a number between -90 and 90/],
    ['a longitude below -180', { latitude: 10, longitude: -180.5 }, /Longitude must be a number between -180 and 180/],
    ['a latitude that is not a number', { latitude: 'north', longitude: 10 }, /Latitude/],
    ['half a point', { latitude: 10 }, /both a latitude and a longitude/],
    ['an unknown country code', { country_code: 'ZZ' }, /ISO 3166-1 alpha-2/],
    ['a country code that is not two letters', { country_code: 'NPL' }, /ISO 3166-1 alpha-2/],
  ]
  it.each(bad)('refuses %s with 400 and stores nothing', async (_label, fields, message) => {
    const before = await server.database.prisma.post.count()
    const res = await owner.post('/api/posts', { title: 'Bad place', content: '<p>x</p>', ...fields })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(message) })
    expect(await server.database.prisma.post.count()).toBe(before)
    const update = await owner.put(`/api/posts/${pokhara.id}`, {
      title: 'Lakeside in Pokhara',
      content: '<p>x</p>',
      ...fields,
    })
    expect(update.statusCode).toBe(400)
    expect((await server.database.prisma.post.findUniqueOrThrow({ where: { id: pokhara.id } })).latitude).toBe(28.22)
  })
})

describe('places.map and GET /api/places/map', () => {
  it('clusters nearby stories at world zoom and splits them when zoomed in', async () => {
    const world = (await server.api.get(`/api/places/map?${WORLD}&zoom=1`)).json()
    expect(world.success).toBe(true)
    const nepal = world.data.clusters.find((c: { stories: number }) => c.stories === 2)
    expect(nepal).toMatchObject({ count: 2, stories: 2, photos: 0, members: null })
    expect(nepal.expansion_zoom).toBeGreaterThan(1)
    expect(world.data.stories.map((s: { title: string }) => s.title)).toEqual(['Lisbon trams'])
    expect(world.data.in_view.total).toBe(3)

    const close = (await server.api.get(`/api/places/map?bbox=83,27,85,29&zoom=${nepal.expansion_zoom}`)).json()
    expect(close.data.clusters).toEqual([])
    expect(close.data.stories.map((s: { title: string }) => s.title).sort()).toEqual([
      'Lakeside in Pokhara',
      'Sarangkot sunrise',
    ])
    expect(close.data.in_view.stories.map((s: { title: string }) => s.title).sort()).toEqual([
      'Lakeside in Pokhara',
      'Sarangkot sunrise',
    ])
  })

  it('lists what a cluster holds when it splits only beyond the deepest zoom the map goes to (max_zoom)', async () => {
    const world = (await server.api.get(`/api/places/map?${WORLD}&zoom=1&max_zoom=1`)).json()
    const nepal = world.data.clusters.find((c: { stories: number }) => c.stories === 2)
    expect(nepal.members.stories.map((s: { title: string }) => s.title).sort()).toEqual([
      'Lakeside in Pokhara',
      'Sarangkot sunrise',
    ])
    // Without it, the deepest zoom is 18: the cluster splits there, so it zooms in instead.
    expect((await server.api.get(`/api/places/map?${WORLD}&zoom=1`)).json().data.clusters).toContainEqual(
      expect.objectContaining({ stories: 2, members: null }),
    )
  })

  it('gives the same answer over tRPC, and filters by category and year', async () => {
    const res = await trpcQuery('places.map', { bbox: [-180, -85, 180, 85], zoom: 12, category: 'adventure-travel' })
    const data = res.json().result.data
    expect(data.stories.map((s: { title: string }) => s.title)).toEqual(['Lakeside in Pokhara'])
    expect(data.stories[0]).toMatchObject({ category_name: 'Adventure Travel', country_code: 'NP', latitude: 28.22 })
    const thisYear = new Date().getUTCFullYear()
    expect((await server.api.get(`/api/places/map?${WORLD}&zoom=12&year=${thisYear}`)).json().data.in_view.total).toBe(
      3,
    )
    expect((await server.api.get(`/api/places/map?${WORLD}&zoom=12&year=1999`)).json().data.in_view.total).toBe(0)
  })

  it('never shows drafts', async () => {
    const data = (await server.api.get(`/api/places/map?bbox=-80,-20,-60,0&zoom=10`)).json().data
    expect([...data.stories, ...data.clusters]).toEqual([])
  })

  it('shows a story as soon as it is published (the index is rebuilt on writes)', async () => {
    await server.api.get(`/api/places/map?${WORLD}&zoom=3`)
    const { slug } = await createStory(server, {
      title: 'Fresh from Kyoto',
      location_country: 'Japan',
      latitude: 35.01,
      longitude: 135.77,
    })
    const data = (await server.api.get(`/api/places/map?bbox=135,34,136,36&zoom=10`)).json().data
    expect(data.stories.map((s: { slug: string }) => s.slug)).toEqual([slug])
  })

  const bad: [string, string, RegExp][] = [
    ['a bbox of three numbers', 'bbox=1,2,3&zoom=1', /bbox must be four numbers/],
    ['a bbox with words', 'bbox=a,b,c,d&zoom=1', /Longitude|Latitude/],
    ['a latitude beyond the pole', 'bbox=-10,-95,10,10&zoom=1', /Latitude must be a number between -90 and 90/],
    ['south north of north', 'bbox=-10,20,10,10&zoom=1', /south/],
    ['a zoom beyond 18', `${WORLD}&zoom=40`, /whole number from 0 to 18/],
    ['a fractional zoom', `${WORLD}&zoom=1.5`, /whole number from 0 to 18/],
    ['a max_zoom beyond 18', `${WORLD}&zoom=1&max_zoom=19`, /max_zoom must be a whole number from 0 to 18/],
    ['a year that is no year', `${WORLD}&year=soon`, /number/i],
  ]
  it.each(bad)('answers 400 to %s', async (_label, query, message) => {
    const res = await server.api.get(`/api/places/map?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(message) })
  })
})

describe('places.countries and places.country', () => {
  it('lists the countries visited with counts, flags, the number of places and the years', async () => {
    const res = await server.api.get('/api/places/countries')
    const { countries, places, years } = res.json().data
    expect(countries.map((c: { code: string }) => c.code)).toEqual(['JP', 'NP', 'PT', 'VN'])
    expect(countries.find((c: { code: string }) => c.code === 'NP')).toEqual({
      code: 'NP',
      name: 'Nepal',
      flag: '🇳🇵',
      numeric: '524',
      stories: 2,
      photos: 0,
    })
    expect(places).toBe(4)
    expect(years).toEqual([new Date().getUTCFullYear()])
    expect((await trpcQuery('places.countries', undefined)).json().result.data.places).toBe(4)
  })

  it("lists one country's stories, also those without a point, and the box around its points", async () => {
    const res = await server.api.get('/api/places/countries/np')
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data.country).toMatchObject({ code: 'NP', name: 'Nepal', stories: 2 })
    expect(data.stories.map((s: { title: string }) => s.title).sort()).toEqual([
      'Lakeside in Pokhara',
      'Sarangkot sunrise',
    ])
    expect(data.bbox).toEqual([83.95, 28.22, 83.95, 28.24])
    const vietnam = (await server.api.get('/api/places/countries/VN')).json().data
    expect(vietnam.stories).toEqual([expect.objectContaining({ title: 'Only a country', latitude: null })])
    expect(vietnam.bbox).toBeNull()
    expect((await server.api.get('/api/places/countries/FR')).json().data).toMatchObject({
      country: { name: 'France', stories: 0 },
      stories: [],
      photos: [],
    })
  })

  it.each(['ZZ', 'NPL', '12'])('answers 400 to the country code %s', async (code) => {
    const res = await server.api.get(`/api/places/countries/${code}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/ISO 3166-1 alpha-2/)
  })
})

describe("the owner's gazetteer: places.suggest and places.nearest", () => {
  it('suggests places from the offline gazetteer', async () => {
    const res = await owner.get('/api/places/suggest?q=pokhar')
    expect(res.json().data[0]).toMatchObject({
      name: 'Pokhara',
      region: 'Gandaki Pradesh',
      country: 'Nepal',
      country_code: 'NP',
    })
    const trpc = await trpcQuery('places.suggest', { q: 'lisbo', limit: 1 }, owner)
    expect(trpc.json().result.data).toEqual([expect.objectContaining({ name: 'Lisbon', country_code: 'PT' })])
  })

  it('names the nearest place to a dropped pin', async () => {
    expect((await owner.get('/api/places/nearest?lat=38.71&lng=-9.14')).json().data).toMatchObject({ name: 'Lisbon' })
  })

  it.each([
    ['/api/places/suggest?q=a', /at least 2/],
    ['/api/places/suggest', /at least 2/],
    ['/api/places/nearest?lat=91&lng=0', /Latitude/],
    ['/api/places/nearest?lat=10', /Longitude/],
  ])('answers 400 to %s', async (url, message) => {
    const res = await owner.get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(message)
  })
})

describe('places.mapSettings', () => {
  it('says the built-in vector map is used and how precise points are', async () => {
    expect((await server.api.get('/api/places/settings')).json().data).toEqual({ tiles: null, precision: 2 })
  })
})
