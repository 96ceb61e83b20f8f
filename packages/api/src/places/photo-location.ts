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

/**
 * Where and when a photo was taken, read from the upload's own EXIF before validateImage re-encodes it without
 * metadata. Nothing is stored here: the owner sees the (already rounded) suggestion and decides. A photo
 * without GPS tags, or bytes exifr cannot read, simply give no suggestion.
 */
export async function suggestPlaceFromPhoto(
  bytes: Uint8Array,
  gazetteer: Gazetteer,
  precision: number,
): Promise<PhotoPlaceSuggestion | null> {
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
  return {
    latitude: roundCoordinate(exif.latitude, precision),
    longitude: roundCoordinate(exif.longitude, precision),
    taken_at: taken?.toISOString() ?? null,
    place: gazetteer.nearest(exif.latitude, exif.longitude),
  }
}
