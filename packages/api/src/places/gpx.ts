import { DOMParser } from '@xmldom/xmldom'
import { gpx as gpxToGeoJson } from '@tmcw/togeojson'
import sax from 'sax'
import type { Position } from 'geojson'
import { InvalidInputError } from '../errors'
import { MAX_GPX_BYTES, placeMessages } from './schema'

export const MAX_GPX_POINTS = 100_000
/**
 * GPX nests seven deep with device extensions (gpx › trk › trkseg › trkpt › extensions › gpxtpx:TrackPointExtension ›
 * gpxtpx:hr); twice that is room enough. togeojson walks the tree in time that grows with the square of its depth,
 * so depth is checked first. Ten elements per point at the point limit is as many as a file may have.
 */
export const MAX_GPX_DEPTH = 16
export const MAX_GPX_ELEMENTS = 1_000_000

/** One recorded position of a track. */
export interface TrackPoint {
  longitude: number
  latitude: number
  elevation: number | null
  /** Epoch milliseconds, when the device recorded time. */
  time: number | null
}

export interface ParsedGpx {
  name: string
  /** Each track segment or route on its own: no distance is counted across the gap between two. */
  segments: TrackPoint[][]
}

const POINT_TAG = /<(?:[\w-]+:)?(?:trkpt|rtept)\b/g

/**
 * Reads a GPX upload safely. Before any XML parser sees the bytes: the size limit, no DOCTYPE or ENTITY
 * declaration at all (GPX never needs one; refusing them rules out external entities and billion-laughs
 * expansion whatever the parser would do) and the point limit; then one linear pass of sax for depth and
 * element count. Then xmldom, which fails on malformed XML instead of guessing, and togeojson for the tracks
 * and routes.
 */
export function parseGpx(bytes: Uint8Array | undefined): ParsedGpx {
  if (!bytes || bytes.byteLength === 0) throw new InvalidInputError(placeMessages.gpxMissing)
  if (bytes.byteLength > MAX_GPX_BYTES) throw new InvalidInputError(placeMessages.gpxTooLarge)
  const text = new TextDecoder('utf-8').decode(bytes)
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new InvalidInputError(placeMessages.gpxEntities)
  if ((text.match(POINT_TAG)?.length ?? 0) > MAX_GPX_POINTS) throw new InvalidInputError(placeMessages.gpxTooManyPoints)
  checkShape(text)

  let features: ReturnType<typeof gpxToGeoJson>['features']
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(text, 'application/xml')
    if (doc.documentElement?.localName !== 'gpx') throw new Error('not gpx')
    features = gpxToGeoJson(doc).features
  } catch {
    throw new InvalidInputError(placeMessages.gpxMalformed)
  }

  const segments: TrackPoint[][] = []
  let name = ''
  for (const feature of features) {
    const geometry = feature.geometry
    const lines =
      geometry?.type === 'LineString'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiLineString'
          ? geometry.coordinates
          : []
    const times = timesOf(feature.properties?.coordinateProperties, lines.length)
    lines.forEach((line, l) => {
      const points = line.flatMap((position, p) => toPoint(position, times[l]?.[p]))
      if (points.length) segments.push(points)
    })
    if (!name && lines.length && typeof feature.properties?.name === 'string')
      name = feature.properties.name.trim().slice(0, 200)
  }
  if (segments.length === 0) throw new InvalidInputError(placeMessages.gpxEmpty)
  return { name, segments }
}

/** Depth and element count in one streaming pass (nothing is built), stopping at the first excess. */
function checkShape(text: string): void {
  const parser = sax.parser(true)
  let depth = 0
  let elements = 0
  let refusal: string | null = null
  parser.onopentag = () => {
    if (++depth > MAX_GPX_DEPTH) refusal ??= placeMessages.gpxTooDeep
    else if (++elements > MAX_GPX_ELEMENTS) refusal ??= placeMessages.gpxTooManyElements
  }
  parser.onclosetag = () => {
    depth--
  }
  parser.onerror = () => {
    refusal ??= placeMessages.gpxMalformed
  }
  // Fed in slices so a refusal stops the pass within one of them.
  for (let at = 0; at < text.length && !refusal; at += 64 * 1024) parser.write(text.slice(at, at + 64 * 1024))
  if (!refusal) parser.close()
  if (refusal) throw new InvalidInputError(refusal)
}

// togeojson gives one array of times for a LineString and an array per line for a MultiLineString.
function timesOf(properties: unknown, lines: number): (string | undefined)[][] {
  const times = (properties as { times?: unknown } | undefined)?.times
  if (!Array.isArray(times)) return []
  return lines === 1 && !Array.isArray(times[0]) ? [times as string[]] : (times as string[][])
}

function toPoint(position: Position, time: string | undefined): TrackPoint[] {
  const [longitude, latitude, elevation] = position
  if (longitude === undefined || latitude === undefined) return []
  // A point outside the globe makes the whole file suspect: refuse it rather than draw nonsense.
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) throw new InvalidInputError(placeMessages.gpxMalformed)
  const epoch = time ? Date.parse(time) : Number.NaN
  return [
    {
      longitude,
      latitude,
      elevation: Number.isFinite(elevation) ? (elevation as number) : null,
      time: Number.isFinite(epoch) ? epoch : null,
    },
  ]
}
