import exifr from 'exifr'
import sharp from 'sharp'
import { photoWithGps } from '@wayfarer/fakes/image-host'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { createStory, gpxOf } from './places.fixtures'

let server: TestServer
let owner: Api

const gpsIn = async (bytes: Buffer | Uint8Array) => {
  const exif = (await exifr.parse(Buffer.from(bytes), { gps: true, tiff: true, exif: true }).catch(() => undefined)) as
    Record<string, unknown> | undefined
  return exif ? Object.keys(exif).filter((k) => /gps|latitude|longitude/i.test(k)) : []
}

beforeAll(async () => {
  server = await startTestServer()
  owner = await server.api.asOwner()
})
afterAll(() => server.close())

describe('location from an uploaded photo, kept private', () => {
  it('the test photo really carries GPS', async () => {
    expect(await gpsIn(await photoWithGps())).toEqual(expect.arrayContaining(['latitude', 'longitude']))
  })

  it('suggests the nearest place on a gallery upload, stores no GPS, and stores the point rounded only when accepted', async () => {
    const res = await owner.upload('/api/gallery/upload?folder=tests/exif', {
      field: 'image',
      bytes: await photoWithGps(),
      filename: 'IMG_0001.jpg',
      type: 'image/jpeg',
    })
    expect(res.statusCode).toBe(200)
    const image = res.json().data
    expect(image.place_suggestion).toEqual({
      latitude: 28.21,
      longitude: 83.99,
      taken_at: expect.stringMatching(/^2024-03-1[12]T/),
      place: expect.objectContaining({ name: 'Pokhara', country_code: 'NP', country: 'Nepal' }),
    })
    // Nothing is stored before the owner accepts.
    expect(await server.database.prisma.galleryImage.count({ where: { publicId: image.public_id } })).toBe(0)

    // The stored file and every served variant carry no GPS.
    const stored = await server.app.deps.imageStore.read(image.public_id)
    expect(await gpsIn(stored.data)).toEqual([])
    for (const url of [image.url, image.thumbnail_url, image.url.replace('/media/', '/media/w/400/')]) {
      const served = await server.app.inject({ method: 'GET', url, headers: { accept: 'image/webp,image/jpeg' } })
      expect(served.statusCode, url).toBe(200)
      expect(await gpsIn(served.rawPayload), url).toEqual([])
    }

    // The owner accepts: the point is stored rounded, even if a precise one is sent.
    const accept = await owner.put('/api/gallery/place', {
      public_id: image.public_id,
      latitude: 28.209612,
      longitude: 83.986761,
      location: 'Pokhara, Nepal',
      taken_at: image.place_suggestion.taken_at,
      image: {
        url: image.url,
        width: image.width,
        height: image.height,
        format: image.format,
        folder: image.folder,
        title: image.title,
      },
    })
    expect(accept.statusCode).toBe(200)
    expect(accept.json().data).toMatchObject({
      public_id: image.public_id,
      latitude: 28.21,
      longitude: 83.99,
      country_code: 'NP',
      location: 'Pokhara, Nepal',
    })
    const row = await server.database.prisma.galleryImage.findUniqueOrThrow({ where: { publicId: image.public_id } })
    expect([row.latitude, row.longitude, row.countryCode, row.isPublished]).toEqual([28.21, 83.99, 'NP', false])

    // Publishing later keeps the place; the photo then shows on the map and in its country.
    const publish = await owner.post('/api/gallery/publish', { images: [{ ...image, location: 'Pokhara, Nepal' }] })
    expect(publish.statusCode).toBe(200)
    const nepal = (await server.api.get('/api/places/countries/NP')).json().data
    // As the gallery shows it (its addresses made when it is shown), with its point and the time it was taken.
    expect(nepal.photos).toEqual([
      {
        id: row.id,
        cloudinary_url: image.url,
        thumbnail_url: image.thumbnail_url,
        srcset: expect.stringMatching(new RegExp(`/media/w/400/.* 400w, .*${image.url} ${image.width}w$`)),
        title: image.title,
        location: 'Pokhara, Nepal',
        caption: row.caption,
        width: image.width,
        height: image.height,
        latitude: 28.21,
        longitude: 83.99,
        country_code: 'NP',
        taken_at: new Date(image.place_suggestion.taken_at).toISOString(),
      },
    ])
    const places = (await owner.get('/api/gallery/places')).json().data
    expect(places).toEqual([expect.objectContaining({ public_id: image.public_id, latitude: 28.21 })])
  })

  it('suggests a place for a featured image too, and a photo without EXIF simply has no suggestion', async () => {
    const { id } = await createStory(server, { title: 'Photo test', status: 'draft' })
    const res = await owner.upload(`/api/posts/${id}/upload`, {
      field: 'image',
      bytes: await photoWithGps(),
      filename: 'gps.jpg',
      type: 'image/jpeg',
    })
    expect(res.json().data.place_suggestion).toMatchObject({
      latitude: 28.21,
      longitude: 83.99,
      place: { name: 'Pokhara' },
    })
    const served = await server.api.get(res.json().data.url)
    expect(await gpsIn(served.rawPayload)).toEqual([])

    const res2 = await owner.upload(`/api/posts/${id}/upload`, {
      field: 'image',
      bytes: await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      filename: 'plain.png',
      type: 'image/png',
    })
    expect(res2.statusCode).toBe(200)
    expect(res2.json().data.place_suggestion).toBeNull()
  })

  it.each([
    ['out-of-range coordinates', { public_id: 'x/y', latitude: 123, longitude: 0 }, 400, /Latitude/],
    ['an unknown country code', { public_id: 'x/y', latitude: 1, longitude: 1, country_code: 'QQ' }, 400, /ISO 3166-1/],
    ['half a point', { public_id: 'x/y', latitude: 1, longitude: null }, 400, /both a latitude and a longitude/],
    ['an image that does not exist', { public_id: 'no/such', latitude: 1, longitude: 1 }, 404, /Image not found/],
  ])('refuses to set a photo place with %s', async (_label, payload, status, message) => {
    const before = await server.database.prisma.galleryImage.count()
    const res = await owner.put('/api/gallery/place', payload)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(message) })
    expect(await server.database.prisma.galleryImage.count()).toBe(before)
  })
})

describe('GPX routes on a story', () => {
  const track = gpxOf(
    [
      [46.0, 7.0, 1000, '2024-06-01T08:00:00Z'],
      [46.01, 7.0, 1050, '2024-06-01T09:00:00Z'],
      [46.02, 7.0, 1020, '2024-06-01T10:00:00Z'],
      [46.03, 7.0, 1150, '2024-06-01T11:00:00Z'],
    ],
    'Valais day hike',
  )
  const attach = async (id: number, text: string | Uint8Array) => {
    return owner.upload(`/api/posts/${id}/route`, {
      field: 'gpx',
      bytes: typeof text === 'string' ? new TextEncoder().encode(text) : text,
      filename: 'walk.gpx',
      type: 'application/gpx+xml',
    })
  }

  it("attaches a route, sets the story's point from its start, and serves the line, figures, profile and photos along it", async () => {
    const story = await createStory(server, { title: 'Valais day hike', location_country: 'Switzerland' })
    const res = await attach(story.id, track)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      post_id: story.id,
      point_count: 4,
      elevation_gain_m: 180,
      latitude: 46,
      longitude: 7,
    })
    expect(res.json().data.distance_m).toBeGreaterThan(3300)

    // A photo taken at 09:30 is placed along the route by time; one far away is not.
    const photo = (title: string, latitude: number, longitude: number, takenAt: string | null) =>
      server.database.prisma.galleryImage.create({
        data: {
          publicId: `route/${title}`,
          url: `/media/route/${title}.jpg`,
          title,
          latitude,
          longitude,
          takenAt: takenAt ? new Date(takenAt) : null,
        },
      })
    await photo('on-the-way', 46.01, 7.0, '2024-06-01T09:30:00Z')
    await photo('near-the-line', 46.02, 7.01, null)
    await photo('elsewhere', 10, 10, '2023-01-01T00:00:00Z')
    server.app.deps.places.index.invalidate()

    const post = (await server.api.get(`/api/posts/slug/${story.slug}/place`)).json().data
    expect(post).toMatchObject({ has_route: true, latitude: 46, longitude: 7, country_code: 'CH' })
    const route = (await server.api.get(`/api/posts/slug/${story.slug}/route`)).json().data
    expect(route).toMatchObject({
      name: 'Valais day hike',
      point_count: 4,
      elevation_gain_m: 180,
      bbox: [7, 46, 7, 46.03],
    })
    expect(route.line[0]).toEqual([7, 46])
    expect(route.profile.length).toBe(300)
    expect(route.photos.map((p: { title: string; placed_by: string }) => [p.title, p.placed_by])).toEqual([
      ['on-the-way', 'time'],
      ['near-the-line', 'point'],
    ])
    expect(route.photos[0].latitude).toBeCloseTo(46.015, 3)

    const summary = (await owner.get(`/api/posts/${story.id}/route`)).json().data
    expect(summary).toMatchObject({ name: 'Valais day hike', point_count: 4 })
    const removed = await owner.delete(`/api/posts/${story.id}/route`)
    expect(removed.json()).toEqual({ success: true, data: { post_id: story.id } })
    expect((await server.api.get(`/api/posts/slug/${story.slug}/route`)).statusCode).toBe(404)
    expect((await owner.delete(`/api/posts/${story.id}/route`)).statusCode).toBe(404)
  })

  it('places a photo within 2 km of the line, across the 180th meridian too, and none beyond', async () => {
    const story = await createStory(server, { title: 'Taveuni coast walk' })
    const line = gpxOf([
      [-16.8, 179.99],
      [-16.79, 179.99],
    ])
    expect((await attach(story.id, line)).statusCode).toBe(200)
    const photo = (title: string, latitude: number, longitude: number) =>
      server.database.prisma.galleryImage.create({
        data: { publicId: `meridian/${title}`, url: `/media/meridian/${title}.jpg`, title, latitude, longitude },
      })
    await photo('across-the-meridian', -16.795, -179.995) // about 1.7 km east, on the other side of 180°
    await photo('north-within-2-km', -16.773, 179.99) // 1.9 km beyond the line's end
    await photo('north-beyond-2-km', -16.77, 179.99) // 2.2 km
    await photo('west-beyond-2-km', -16.795, 179.97) // 2.1 km
    server.app.deps.places.index.invalidate()
    const route = (await server.api.get(`/api/posts/slug/${story.slug}/route`)).json().data
    expect(route.photos.map((p: { title: string }) => p.title).sort()).toEqual([
      'across-the-meridian',
      'north-within-2-km',
    ])
  })

  it('serves a GPX of two tracks as two parts: the line says where the second starts, and the gap is not counted', async () => {
    const trk = (name: string, lat: number) =>
      `<trk><name>${name}</name><trkseg><trkpt lat="${lat}" lon="7"/><trkpt lat="${lat + 0.01}" lon="7"/></trkseg></trk>`
    const twoTracks = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${trk('Morning', 46)}${trk('Afternoon', 46.5)}</gpx>`
    const story = await createStory(server, { title: 'Two walks one day' })
    expect((await attach(story.id, twoTracks)).statusCode).toBe(200)
    const route = (await server.api.get(`/api/posts/slug/${story.slug}/route`)).json().data
    expect(route.line).toEqual([
      [7, 46],
      [7, 46.01],
      [7, 46.5],
      [7, 46.51],
    ])
    expect(route.breaks).toEqual([2])
    // Two walks of about 1.1 km each; the 54 km between them was not walked.
    expect(route.distance_m).toBeGreaterThan(2200)
    expect(route.distance_m).toBeLessThan(2300)
  })

  it('keeps a point the story already had', async () => {
    const story = await createStory(server, { title: 'Pinned first', latitude: 45.5, longitude: 6.5 })
    expect((await attach(story.id, track)).json().data).toMatchObject({ latitude: 45.5, longitude: 6.5 })
  })

  const bad: [string, string | Uint8Array, RegExp][] = [
    [
      'external entities (XXE)',
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><trk><name>&xxe;</name></trk></gpx>',
      /DOCTYPE or entity/,
    ],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>',
      /DOCTYPE or entity/,
    ],
    ['malformed XML', '<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkseg>', /not a readable GPX/],
    ['a JPEG named .gpx', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), /not a readable GPX/],
    ['a file over 5 MB', `${track}${' '.repeat(5 * 1024 * 1024)}`, /at most 5 MB/],
    [
      'a track nested 32,768 deep',
      `<gpx version="1.1">${'<trk>'.repeat(32_768)}<trkseg><trkpt lat="1" lon="2"/></trkseg>${'</trk>'.repeat(32_768)}</gpx>`,
      /nests its elements deeper than GPX does/,
    ],
    [
      'more than 100,000 points',
      gpxOf(Array.from({ length: 100_001 }, () => [1, 1] as [number, number])),
      /at most 100,000 points/,
    ],
    [
      'a track point off the globe',
      gpxOf([
        [91, 7],
        [46, 7],
      ]),
      /not a readable GPX/,
    ],
  ]
  it.each(bad)('answers 400 to %s and stores nothing', async (_label, text, message) => {
    const story = await createStory(server, { title: `Bad route ${_label}` })
    const res = await attach(story.id, text)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(message) })
    expect(await server.database.prisma.postRoute.count({ where: { postId: story.id } })).toBe(0)
    expect((await server.database.prisma.post.findUniqueOrThrow({ where: { id: story.id } })).latitude).toBeNull()
  })

  it('answers 400 without a file and 404 for a story that does not exist', async () => {
    const story = await createStory(server, { title: 'No file' })
    const empty = await owner.post(`/api/posts/${story.id}/route`, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatch(/choose a GPX file/)
    expect((await attach(999_999, track)).statusCode).toBe(404)
  })
})
