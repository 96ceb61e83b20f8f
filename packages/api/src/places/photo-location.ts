import exifr from 'exifr'
import type { Gazetteer } from './gazetteer'
import { roundCoordinate } from './precision'
import type { PhotoPlaceSuggestion } from './schema'

interface ExifFields {
  latitude?: unknown
  longitude?: unknown
  DateTimeOriginal?: unknown
  CreateDate?: unknown
}

const isCoordinate = (v: unknown, limit: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit

export interface PhotoExif {
  latitude: number
  longitude: number
  takenAt: Date | null
}

/**
 * Where and when a photo was taken, exactly as its EXIF says (null without a usable GPS position), read before
 * validateImage re-encodes it without metadata. Callers round the point before anything keeps it.
 */
export async function readPhotoExif(bytes: Uint8Array): Promise<PhotoExif | null> {
  let exif: ExifFields | undefined
  try {
    exif = (await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      tiff: true,
      exif: true,
      gps: true,
      xmp: false,
      icc: false,
      iptc: false,
      pick: ['DateTimeOriginal', 'CreateDate', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'],
    })) as ExifFields | undefined
  } catch {
    return null
  }
  if (!exif || !isCoordinate(exif.latitude, 90) || !isCoordinate(exif.longitude, 180)) return null
  // 0,0 is what broken cameras write when they had no fix.
  if (exif.latitude === 0 && exif.longitude === 0) return null
  const taken = [exif.DateTimeOriginal, exif.CreateDate].find(
    (d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()),
  )
  return { latitude: exif.latitude, longitude: exif.longitude, takenAt: taken ?? null }
}

/**
 * The photo's own place and time as a suggestion: nothing is stored here; the owner sees the (already rounded)
 * suggestion and decides. A photo without GPS tags, or bytes exifr cannot read, simply give no suggestion.
 */
export async function suggestPlaceFromPhoto(
  bytes: Uint8Array,
  gazetteer: Gazetteer,
  precision: number,
): Promise<PhotoPlaceSuggestion | null> {
  const exif = await readPhotoExif(bytes)
  if (!exif) return null
  return {
    latitude: roundCoordinate(exif.latitude, precision),
    longitude: roundCoordinate(exif.longitude, precision),
    taken_at: exif.takenAt?.toISOString() ?? null,
    place: gazetteer.nearest(exif.latitude, exif.longitude),
  }
}
