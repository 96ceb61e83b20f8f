// Test support (exported as @wayfarer/api/polarsteps-fixtures for the server's tests and Playwright): a Polarsteps
// export built in its layout, with photos that carry GPS.
import { writeFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import yazl from 'yazl'

/** A JPEG as a phone writes it: GPS as degrees/minutes/seconds and the moment it was taken (EXIF local time). */
export const photoWithGps = (lat: number, lon: number, taken: string) => {
  const dms = (v: number) => {
    const a = Math.abs(v)
    const d = Math.floor(a)
    const m = Math.floor((a - d) * 60)
    const s = Math.round(((a - d) * 60 - m) * 60 * 100)
    return `${d}/1 ${m}/1 ${s}/100`
  }
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#4a7f6a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Polar 1' },
      IFD2: { DateTimeOriginal: taken },
      IFD3: {
        GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
        GPSLatitude: dms(lat),
        GPSLongitudeRef: lon >= 0 ? 'E' : 'W',
        GPSLongitude: dms(lon),
      },
    })
    .toBuffer()
}

const at = (iso: string) => Date.parse(iso) / 1000

/** trip.json as Polarsteps writes it (the fields the import reads, and a few it does not). */
export const icelandTrip = {
  id: 4242,
  name: 'Iceland Ring Road',
  slug: 'iceland-ring-road',
  summary: 'Ten days around the island.',
  start_date: at('2025-09-01T08:00:00Z'),
  end_date: at('2025-09-10T18:00:00Z'),
  timezone_id: 'Atlantic/Reykjavik',
  step_count: 2,
  all_steps: [
    {
      id: 101,
      display_name: 'Reykjavík',
      display_slug: 'reykjavik',
      description: 'Landed at dawn.\n\nCoffee, then the harbour & the old town.',
      start_time: at('2025-09-01T09:30:00Z'),
      timezone_id: 'Atlantic/Reykjavik',
      weather_condition: 'rain',
      location: { name: 'Reykjavík', detail: 'Iceland', country_code: 'IS', lat: 64.14652, lon: -21.94264 },
    },
    {
      id: 102,
      display_name: 'Vík í Mýrdal',
      display_slug: 'vik-i-myrdal',
      description: null,
      start_time: at('2025-09-03T17:00:00Z'),
      timezone_id: 'Atlantic/Reykjavik',
      location: { name: 'Vík', detail: 'Iceland', country_code: 'IS', lat: 63.41861, lon: -19.00603 },
    },
  ],
}

export const icelandLocations = {
  locations: [
    { lat: 64.14652, lon: -21.94264, time: at('2025-09-01T09:30:00Z') },
    { lat: 63.9981, lon: -21.1884, time: at('2025-09-02T12:00:00Z') },
    { lat: 63.4186, lon: -19.006, time: at('2025-09-03T17:00:00Z') },
    { lat: 63.5312, lon: -19.5113, time: at('2025-09-04T10:00:00Z') },
  ],
}

export type ZipPart = [name: string, data: Buffer | Readable | string, mode?: number]

/** A zip made with yazl, laid out as Polarsteps' export (or as anything else a test wants). */
export async function zipBytes(parts: ZipPart[]): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  const bytes = buffer(zip.outputStream)
  for (const [name, data, mode] of parts) {
    const options = mode === undefined ? {} : { mode }
    if (data instanceof Readable) zip.addReadStream(data, name, { ...options, compressionLevel: 1 })
    else zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, options)
  }
  zip.end()
  return bytes
}

export async function writeZip(file: string, parts: ZipPart[]): Promise<string> {
  await writeFile(file, await zipBytes(parts))
  return file
}

/**
 * The export of one trip with two steps, a photo each (with GPS), a video, the route and the account. `offset`
 * moves every Polarsteps id (trip 4242, steps 101 and 102), making another export of the same journey.
 */
export async function icelandExport(offset = 0): Promise<ZipPart[]> {
  const [tripId, step1, step2] = [4242, 101, 102].map((id) => id + offset)
  const trip = {
    ...icelandTrip,
    id: tripId,
    all_steps: icelandTrip.all_steps.map((s) => ({ ...s, id: s.id + offset })),
  }
  const dir = `trip/iceland-ring-road_${tripId}`
  return [
    ['user/user.json', JSON.stringify({ id: 7, first_name: 'Ana' })],
    [`${dir}/trip.json`, JSON.stringify(trip)],
    [`${dir}/locations.json`, JSON.stringify(icelandLocations)],
    // Taken a little outside town: the photo's own place wins over the step's.
    [`${dir}/reykjavik_${step1}/photos/1a2b.jpg`, await photoWithGps(64.1283, -21.8278, '2025:09:01 10:15:00')],
    [`${dir}/vik-i-myrdal_${step2}/photos/3c4d.jpg`, await photoWithGps(63.4024, -19.0441, '2025:09:03 18:40:00')],
    [`${dir}/vik-i-myrdal_${step2}/videos/5e6f.mp4`, Buffer.from('not really a video')],
  ]
}
