import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseGpx, MAX_GPX_DEPTH, MAX_GPX_POINTS } from './gpx'
import { routeFigures } from './route-figures'
import { MAX_GPX_BYTES, placeMessages } from './schema'

const bytes = (text: string) => new TextEncoder().encode(text)
const gpxOf = (points: [number, number, number?, string?][], name = 'Test walk') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><trkseg>
${points.map(([lat, lon, ele, time]) => `<trkpt lat="${lat}" lon="${lon}">${ele === undefined ? '' : `<ele>${ele}</ele>`}${time ? `<time>${time}</time>` : ''}</trkpt>`).join('\n')}
</trkseg></trk></gpx>`

describe('reading GPX safely', () => {
  it('reads track points with elevation and time', () => {
    const gpx = parseGpx(
      bytes(
        gpxOf([
          [46.0, 7.0, 1000, '2024-06-01T08:00:00Z'],
          [46.01, 7.0, 1100, '2024-06-01T09:00:00Z'],
        ]),
      ),
    )
    expect(gpx.name).toBe('Test walk')
    expect(gpx.segments).toEqual([
      [
        { latitude: 46, longitude: 7, elevation: 1000, time: Date.parse('2024-06-01T08:00:00Z') },
        { latitude: 46.01, longitude: 7, elevation: 1100, time: Date.parse('2024-06-01T09:00:00Z') },
      ],
    ])
  })

  it('reads routes (rtept) too, without elevation or time', () => {
    const gpx = parseGpx(
      bytes(
        '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="1" lon="2"/><rtept lat="1.1" lon="2.1"/></rte></gpx>',
      ),
    )
    expect(gpx.segments[0]).toHaveLength(2)
    expect(gpx.segments[0]![0]).toEqual({ latitude: 1, longitude: 2, elevation: null, time: null })
  })

  const refusals: [string, string | Uint8Array | undefined, string][] = [
    ['no file', undefined, placeMessages.gpxMissing],
    ['an empty file', '', placeMessages.gpxMissing],
    [
      'external entities (XXE)',
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><trk><name>&xxe;</name></trk></gpx>',
      placeMessages.gpxEntities,
    ],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><gpx>&lol2;</gpx>',
      placeMessages.gpxEntities,
    ],
    ['malformed XML', '<gpx><trk><trkseg><trkpt lat="1" lon="2"></trkseg></gpx>', placeMessages.gpxMalformed],
    ['XML that is not GPX', '<kml><Placemark/></kml>', placeMessages.gpxMalformed],
    [
      'a GPX without points',
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>x</name></trk></gpx>',
      placeMessages.gpxEmpty,
    ],
    [
      'a point off the globe',
      gpxOf([
        [95, 7],
        [46, 7],
      ]),
      placeMessages.gpxMalformed,
    ],
    ['more than 5 MB', new Uint8Array(5 * 1024 * 1024 + 1), placeMessages.gpxTooLarge],
    [
      'more than 100,000 points',
      gpxOf(Array.from({ length: MAX_GPX_POINTS + 1 }, () => [1, 1] as [number, number])),
      placeMessages.gpxTooManyPoints,
    ],
  ]
  it.each(refusals)('refuses %s with a clear message', (_label, input, message) => {
    expect(() => parseGpx(typeof input === 'string' ? bytes(input) : input)).toThrow(message)
  })

  it('refuses a track nested 32,768 deep (togeojson would take its time squared) before building anything', () => {
    const deep = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${'<trk>'.repeat(32_768)}<trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.1" lon="2"/></trkseg>${'</trk>'.repeat(32_768)}</gpx>`
    expect(deep.length).toBeLessThan(MAX_GPX_BYTES)
    expect(() => parseGpx(bytes(deep))).toThrow(placeMessages.gpxTooDeep)
    const justRight = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${'<extensions>'.repeat(MAX_GPX_DEPTH - 4)}${'</extensions>'.repeat(MAX_GPX_DEPTH - 4)}<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.1" lon="2"/></trkseg></trk></gpx>`
    expect(parseGpx(bytes(justRight)).segments[0]).toHaveLength(2)
  })

  it('refuses more than a million elements', () => {
    const many = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><extensions>${'<a/>'.repeat(1_000_000)}</extensions></gpx>`
    expect(many.length).toBeLessThan(MAX_GPX_BYTES)
    expect(() => parseGpx(bytes(many))).toThrow(placeMessages.gpxTooManyElements)
  })
})

// Real recordings from other programs (fixtures/README.md): a Strava run with Garmin heart-rate extensions,
// GPX 1.1, and an ExpertGPS export, GPX 1.0 with waypoints, routes and thirteen track segments.
describe('real GPX files', () => {
  const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, 'fixtures', name)))

  it('reads a Strava run with Garmin TrackPointExtension data', () => {
    const gpx = parseGpx(fixture('strava-run-gpxtpx.gpx'))
    expect(gpx.name).toBe('Greeting SF with a dumb, dumb route')
    expect(gpx.segments.map((s) => s.length)).toEqual([1118])
    expect(gpx.segments[0]![0]).toEqual({
      longitude: -122.407225,
      latitude: 37.783292,
      elevation: 11.2,
      time: Date.parse('2015-01-19T21:24:20Z'),
    })
    const figures = routeFigures(gpx)
    expect([figures.distanceM, figures.elevationGainM, figures.pointCount]).toEqual([3568, 90, 1118])
  })

  it('reads an ExpertGPS export (GPX 1.0) with many track segments', () => {
    const gpx = parseGpx(fixture('expertgps-blue-hills.gpx'))
    expect(gpx.name).toBe('BIG LOOP')
    expect(gpx.segments).toHaveLength(13)
    const figures = routeFigures(gpx)
    expect([figures.distanceM, figures.pointCount]).toEqual([51897, 1242])
  })
})

describe('route figures', () => {
  it('measures distance, counts climbs above the noise, samples the profile and keeps the start', () => {
    // Four points about 1.11 km apart going north; the 2 m wobble is noise, the 100 m rise is a climb.
    const figures = routeFigures(
      parseGpx(
        bytes(
          gpxOf([
            [46.0, 7.0, 1000, '2024-06-01T08:00:00Z'],
            [46.01, 7.0, 1002],
            [46.02, 7.0, 1000],
            [46.03, 7.0, 1100, '2024-06-01T10:00:00Z'],
          ]),
        ),
      ),
    )
    expect(figures.distanceM).toBeGreaterThan(3330)
    expect(figures.distanceM).toBeLessThan(3340)
    expect(figures.elevationGainM).toBe(100)
    expect(figures.pointCount).toBe(4)
    expect(figures.profile.length).toBe(300)
    expect(figures.profile[0]).toEqual([0, 1000])
    expect(figures.profile.at(-1)).toEqual([figures.distanceM, 1100])
    expect(figures.startedAt?.toISOString()).toBe('2024-06-01T08:00:00.000Z')
    expect(figures.endedAt?.toISOString()).toBe('2024-06-01T10:00:00.000Z')
    expect(figures.bbox).toEqual([7, 46, 7, 46.03])
    expect(figures.start).toMatchObject({ latitude: 46, longitude: 7 })
  })

  it('simplifies a long track for display but measures it whole', () => {
    const points = Array.from(
      { length: 20_000 },
      (_, i) => [45 + i * 0.0001, 7 + Math.sin(i / 50) * 0.001] as [number, number],
    )
    const figures = routeFigures(parseGpx(bytes(gpxOf(points))))
    expect(figures.pointCount).toBe(20_000)
    expect(figures.points.length).toBeLessThanOrEqual(2000)
    expect(figures.points[0]!.slice(0, 2)).toEqual([7, 45])
    expect(figures.profile).toEqual([])
  })
})
