import { buffer } from 'node:stream/consumers'
import { z } from 'zod'
import { readZip, type ZipEntry } from '../../archive/zip-reader'
import { MAX_IMAGE_BYTES } from '../../media/upload-limits'
import { ImportFileError } from '../errors'

// Polarsteps' "download a copy of your data" zip: `trip/<trip slug>_<trip id>/trip.json` (the trip and its
// steps), `locations.json` beside it (the tracked route) and `<step slug>_<step id>/photos/…` per step; a
// `user/` folder holds the account (not imported), and `videos/` folders beside the photos are left out.

/** A trip.json: steps and dates are as much as a long journey writes; the photos are separate entries. */
const MAX_TRIP_JSON_BYTES = 32 * 1024 * 1024
/** locations.json: about 60 bytes a point, so room for a million points; it is parsed whole, like trip.json. */
const MAX_LOCATIONS_BYTES = 64 * 1024 * 1024
/** A photo as Polarsteps stores it; the gallery's own limit (10 MB) is checked when it is read, and reported. */
const MAX_PHOTO_ENTRY_BYTES = 3 * MAX_IMAGE_BYTES
/** Everything the import inflates, together: more than any real export, far less than a zip bomb unfolds to. */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024 * 1024
export const MAX_TRACK_POINTS = 1_000_000

const TRIP_DIR = /^trip\/([^/]+)_(\d{1,18})\/(.+)$/
const PHOTO = /^([^/]+)_(\d{1,18})\/photos\/([^/]+\.(?:jpe?g|png|webp|gif|heic))$/i
const VIDEO = /^([^/]+)_(\d{1,18})\/videos\/[^/]+$/i

const epochSeconds = z.number().finite().min(-2_208_988_800).max(7_258_118_400)
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? '')

const psLocation = z.object({
  name: optionalText,
  detail: optionalText,
  country_code: optionalText,
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
})

const psStep = z.object({
  id: z.number().int().nonnegative(),
  display_name: optionalText,
  display_slug: optionalText,
  description: optionalText,
  start_time: epochSeconds,
  timezone_id: optionalText,
  location: psLocation.nullish(),
})
export type PolarstepsStep = z.infer<typeof psStep>

const psTrip = z.object({
  id: z.number().int().nonnegative().optional(),
  name: z.string().min(1),
  summary: optionalText,
  start_date: epochSeconds,
  end_date: epochSeconds.nullish(),
  timezone_id: optionalText,
  all_steps: z.array(psStep).max(100_000),
})

const psLocations = z.object({
  locations: z
    .array(z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180), time: epochSeconds }))
    .max(MAX_TRACK_POINTS),
})
export type PolarstepsPoint = z.infer<typeof psLocations>['locations'][number]

export interface PolarstepsPhoto {
  /** `<step id>/<file name>`: the key a second run recognises it by. */
  key: string
  name: string
  entry: ZipEntry
}

export interface PolarstepsTrip {
  /** The trip's Polarsteps id (from its folder name). */
  id: string
  folder: string
  name: string
  summary: string
  startTime: number
  endTime: number | null
  timeZone: string
  steps: (PolarstepsStep & { photos: PolarstepsPhoto[] })[]
  points: PolarstepsPoint[]
  /** Videos are not imported: how many were left out. */
  videos: number
}

const entryLimit = (name: string): number =>
  name.endsWith('/trip.json')
    ? MAX_TRIP_JSON_BYTES
    : name.endsWith('/locations.json')
      ? MAX_LOCATIONS_BYTES
      : PHOTO.test(name.replace(TRIP_DIR, '$3'))
        ? MAX_PHOTO_ENTRY_BYTES
        : // Videos and the account's files are never inflated: their declared size may be anything.
          Number.MAX_SAFE_INTEGER

/** Whether a zip's entries are laid out as a Polarsteps export (a trip folder with its trip.json). */
export const looksLikePolarsteps = (names: string[]): boolean =>
  names.some((n) => /^trip\/[^/]+_\d+\/trip\.json$/.test(n))

/**
 * Reads a Polarsteps export whole before anything is written: every entry must sit in a trip's folder (or the
 * account's `user/`), trip.json and locations.json must parse, and the sizes must fit. Photos are read later,
 * one at a time, from `entry`. `close()` when done.
 */
export async function readPolarstepsExport(file: string): Promise<{ trips: PolarstepsTrip[]; close(): void }> {
  const zip = await readZip(file, entryLimit)
  try {
    const folders = new Map<string, ZipEntry[]>()
    let inflated = 0
    for (const entry of zip.entries) {
      const match = TRIP_DIR.exec(entry.name)
      if (!match) {
        if (entry.name.startsWith('user/')) continue
        throw new ImportFileError(
          `The zip holds ${entry.name.slice(0, 200)}, outside the trip folders of a Polarsteps export; nothing was imported.`,
        )
      }
      if (entryLimit(entry.name) !== Number.MAX_SAFE_INTEGER) inflated += entry.size
      const folder = `trip/${match[1]}_${match[2]}`
      folders.set(folder, [...(folders.get(folder) ?? []), entry])
    }
    if (inflated > MAX_INFLATED_BYTES)
      throw new ImportFileError('The zip unpacks to more than 8 GB, more than an export holds; nothing was imported.')
    const trips: PolarstepsTrip[] = []
    for (const [folder, entries] of folders) trips.push(await readTrip(folder, entries))
    if (!trips.length) throw new ImportFileError('This zip is not a Polarsteps export: it has no trip/…/trip.json.')
    return { trips, close: () => zip.close() }
  } catch (error) {
    zip.close()
    throw error
  }
}

async function parseEntry<T>(entry: ZipEntry, schema: z.ZodType<T>): Promise<T> {
  let json: unknown
  try {
    json = JSON.parse((await buffer(await entry.stream())).toString('utf8'))
  } catch (error) {
    if (error instanceof ImportFileError) throw error
    throw new ImportFileError(`${entry.name.slice(0, 200)} is not valid JSON; nothing was imported.`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ImportFileError(
      `${entry.name.slice(0, 200)} is not as Polarsteps writes it (${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'unreadable'}); nothing was imported.`,
    )
  }
  return parsed.data
}

async function readTrip(folder: string, entries: ZipEntry[]): Promise<PolarstepsTrip> {
  const inside = (e: ZipEntry) => e.name.slice(folder.length + 1)
  const tripEntry = entries.find((e) => inside(e) === 'trip.json')
  if (!tripEntry) throw new ImportFileError(`${folder.slice(0, 200)} has no trip.json; nothing was imported.`)
  const trip = await parseEntry(tripEntry, psTrip)
  const locationsEntry = entries.find((e) => inside(e) === 'locations.json')
  const points = locationsEntry ? (await parseEntry(locationsEntry, psLocations)).locations : []
  const photos = new Map<string, PolarstepsPhoto[]>()
  let videos = 0
  for (const entry of entries) {
    const name = inside(entry)
    const photo = PHOTO.exec(name)
    if (photo) {
      const stepId = photo[2]!
      photos.set(stepId, [...(photos.get(stepId) ?? []), { key: `${stepId}/${photo[3]}`, name: photo[3]!, entry }])
    } else if (VIDEO.test(name)) videos++
  }
  return {
    id: /_(\d+)$/.exec(folder)![1]!,
    folder,
    name: trip.name,
    summary: trip.summary,
    startTime: trip.start_date,
    endTime: trip.end_date ?? null,
    timeZone: trip.timezone_id,
    steps: trip.all_steps.map((step) => ({
      ...step,
      photos: (photos.get(String(step.id)) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
    })),
    points,
    videos,
  }
}
