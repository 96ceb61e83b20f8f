import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { startTestServer, type TestServer } from '../testing/test-server'
import { asOwner, createStory, createTrip, galleryPhoto, TRIPS_NOW } from '../http-tests/trips.fixtures'

// The served HTML and XML of trips and of stories with a point, with the public-read cache on (every fixture is
// written through the API, which clears it).
const publicUrl = 'https://travels.example.com'
let server: TestServer
let tripId: number
beforeAll(async () => {
  server = await startTestServer({
    appShell: true,
    deps: { now: () => TRIPS_NOW },
    config: { publicUrl, publicCache: true },
  })
  const cover = await galleryPhoto(server, 'trips/cover')
  tripId = (
    await createTrip(server, {
      title: 'Nepal on Foot',
      start_date: '2026-03-12',
      summary: 'Three weeks <walking> in the hills.',
      cover_image_id: cover.id,
    })
  ).id
  await createTrip(server, { title: 'Secret Plans', start_date: '2026-03-01', status: 'draft' })
  await createStory(server, {
    title: 'Kathmandu Arrival',
    trip_id: tripId,
    happened_at: '2026-03-12T17:45:00Z',
    location_name: 'Thamel',
    location_country: 'Nepal',
    latitude: 27.71,
    longitude: 85.31,
  })
  await createStory(server, { title: 'Into the Hills', trip_id: tripId, happened_at: '2026-03-14T06:00:00Z' })
  await createStory(server, { title: 'Unwritten', trip_id: tripId, status: 'draft' })
  await createStory(server, { title: 'No Place Story' })
}, 120_000)
afterAll(() => server.close())

const meta = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1]
const jsonLds = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )
/** The page's own answers, without the site settings every page's block ends with. */
const initialData = (html: string) =>
  (
    JSON.parse(
      /<script type="application\/json" id="wayfarer-initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    ) as {
      procedure: string
    }[]
  ).filter((q) => q.procedure !== 'settings.site')
const trpc = async (procedure: string, input?: unknown) =>
  (
    await server.api.get(
      `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    )
  ).json().result.data

/** RSS 2.0: well-formed, version 2.0, a channel with title, link and description, items with a link and a guid. */
function parseRss2(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const rss = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(xml).rss
  expect(rss['@_version']).toBe('2.0')
  for (const field of ['title', 'link', 'description']) expect(rss.channel[field], field).toEqual(expect.any(String))
  const items = (rss.channel.item ?? []) as Record<string, unknown>[]
  for (const item of items) {
    expect(item.title ?? item.description).toEqual(expect.any(String))
    expect(item.link).toMatch(/^https:\/\//)
    expect(item.guid).toBeDefined()
    expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false)
  }
  if (xml.includes('<georss:point>')) expect(rss['@_xmlns:georss']).toBe('http://www.georss.org/georss')
  return { channel: rss.channel as Record<string, unknown>, items }
}

describe('a story with a point', () => {
  it('carries geo meta tags and a JSON-LD Place with GeoCoordinates in its BlogPosting', async () => {
    const html = (await server.api.get('/blog/kathmandu-arrival')).body
    expect(meta(html, 'geo.position')).toBe('27.71;85.31')
    expect(meta(html, 'geo.placename')).toBe('Thamel, Nepal')
    expect(meta(html, 'geo.region')).toBe('NP')
    expect(meta(html, 'ICBM')).toBe('27.71, 85.31')
    const posting = jsonLds(html).find((ld) => ld['@type'] === 'BlogPosting')
    expect(posting?.contentLocation).toEqual({
      '@type': 'Place',
      name: 'Thamel, Nepal',
      geo: { '@type': 'GeoCoordinates', latitude: 27.71, longitude: 85.31 },
      address: { '@type': 'PostalAddress', addressCountry: 'NP' },
    })
  })

  it('and a story without one carries none of it', async () => {
    const html = (await server.api.get('/blog/no-place-story')).body
    expect(html).not.toContain('geo.position')
    expect(html).not.toContain('ICBM')
    expect(jsonLds(html)[0]).not.toHaveProperty('contentLocation')
  })

  it('/rss.xml declares GeoRSS and gives located items their point', async () => {
    const { items } = parseRss2((await server.api.get('/rss.xml')).body)
    const byTitle = new Map(items.map((i) => [i.title, i]))
    expect(byTitle.get('Kathmandu Arrival')?.['georss:point']).toBe('27.71 85.31')
    expect(byTitle.get('No Place Story')).not.toHaveProperty('georss:point')
  })
})

describe('trip pages', () => {
  it('/trips/{slug} has its title, summary, cover as og:image, canonical, feed and JSON-LD Trip with its itinerary', async () => {
    const res = await server.api.get('/trips/nepal-on-foot')
    expect(res.statusCode).toBe(200)
    const html = res.body
    expect(html).toContain('<title>Nepal on Foot | Wayfarer</title>')
    expect(meta(html, 'description')).toBe('Three weeks &lt;walking&gt; in the hills.')
    expect(html).toContain(`<meta property="og:image" content="${publicUrl}/media/trips/cover.webp" />`)
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/trips/nepal-on-foot" />`)
    expect(html).toContain(
      `type="application/rss+xml" title="Nepal on Foot" href="${publicUrl}/trips/nepal-on-foot/rss.xml"`,
    )
    const trip = jsonLds(html).find((ld) => ld['@type'] === 'Trip')
    expect(trip).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Nepal on Foot',
      url: `${publicUrl}/trips/nepal-on-foot`,
      departureTime: '2026-03-12',
      itinerary: {
        '@type': 'ItemList',
        numberOfItems: 1,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            name: 'Day 1',
            item: { '@type': 'Place', name: 'Thamel, Nepal', geo: { '@type': 'GeoCoordinates', latitude: 27.71 } },
          },
        ],
      },
    })
  })

  it('embeds the page’s first-view data: the trips.bySlug answer itself', async () => {
    const block = initialData((await server.api.get('/trips/nepal-on-foot')).body)
    expect(block).toEqual([
      {
        procedure: 'trips.bySlug',
        input: { slug: 'nepal-on-foot' },
        data: await trpc('trips.bySlug', { slug: 'nepal-on-foot' }),
      },
    ])
  })

  it('/trips lists the published trips with their data embedded', async () => {
    const html = (await server.api.get('/trips')).body
    expect(html).toContain('<title>Trips | Wayfarer</title>')
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/trips" />`)
    expect(initialData(html)).toEqual([{ procedure: 'trips.list', data: await trpc('trips.list') }])
    expect(JSON.stringify(initialData(html))).not.toContain('Secret Plans')
  })

  it.each(['/trips/secret-plans', '/trips/no-such-trip', '/trips/nepal-on-foot/more'])(
    '%s answers 404',
    async (url) => {
      const res = await server.api.get(url)
      expect(res.statusCode).toBe(404)
      expect(res.body).toContain('<title>Page Not Found | Wayfarer</title>')
    },
  )

  it('the sitemap lists /trips and the published trips only', async () => {
    const locs = (
      new XMLParser().parse((await server.api.get('/sitemap.xml')).body).urlset.url as { loc: string }[]
    ).map((u) => u.loc)
    expect(locs).toEqual(expect.arrayContaining([`${publicUrl}/trips`, `${publicUrl}/trips/nepal-on-foot`]))
    expect(locs.join()).not.toContain('secret-plans')
  })
})

describe('the trip feed', () => {
  it('/trips/{slug}/rss.xml is RSS 2.0 with the published stories, newest first, titled by day', async () => {
    const res = await server.api.get('/trips/nepal-on-foot/rss.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/)
    const { channel, items } = parseRss2(res.body)
    expect(channel).toMatchObject({ title: 'Nepal on Foot — Wayfarer', link: `${publicUrl}/trips/nepal-on-foot` })
    expect(items.map((i) => i.title)).toEqual(['Day 3: Into the Hills', 'Day 1: Kathmandu Arrival'])
    expect(items[1]?.['georss:point']).toBe('27.71 85.31')
  })

  it.each(['secret-plans', 'no-such-trip'])('answers 404 for %s', async (slug) => {
    expect((await server.api.get(`/trips/${slug}/rss.xml`)).statusCode).toBe(404)
  })
})

describe('the public-read cache', () => {
  it('keeps trip pages, feeds and reads, and drops them when the trip changes', async () => {
    for (const url of [
      '/trips/nepal-on-foot',
      '/trips',
      '/trips/nepal-on-foot/rss.xml',
      '/api/trips',
      '/api/trips/nepal-on-foot',
    ]) {
      await server.api.get(url)
      expect((await server.api.get(url)).headers['x-cache'], url).toBe('HIT')
    }
    await asOwner(server, 'PUT', `/api/trips/${tripId}`, { title: 'Nepal, Slowly' })
    const page = await server.api.get('/trips/nepal-on-foot')
    expect(page.headers['x-cache']).toBe('MISS')
    expect(page.body).toContain('<title>Nepal, Slowly | Wayfarer</title>')
  })
})
