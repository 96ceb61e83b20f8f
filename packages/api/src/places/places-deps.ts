import type { PrismaClient } from '@wayfarer/db'
import type { ImageStore } from '../media/image-store'
import { Gazetteer } from './gazetteer'
import { loadPlacesData, placesFingerprint } from './map-data'
import { PlacesIndex } from './map-index'
import { DEFAULT_LOCATION_PRECISION } from './precision'

/** What the places domain needs, built once by the server. */
export interface PlacesDeps {
  /** Decimal places kept of every stored point (LOCATION_PRECISION). */
  precision: number
  /** Raster tiles for the map instead of the built-in vector world (MAP_TILES_URL + attribution). */
  tiles: { url: string; attribution: string } | null
  /** The offline GeoNames gazetteer, read from disk on first use. */
  gazetteer: Gazetteer
  /** Clusters, countries and counts, rebuilt when the data changes. */
  index: PlacesIndex
}

export function createPlacesDeps(
  prisma: PrismaClient,
  imageStore: ImageStore,
  options: { precision?: number; tiles?: PlacesDeps['tiles']; now?: () => number } = {},
): PlacesDeps {
  const precision = options.precision ?? DEFAULT_LOCATION_PRECISION
  const clock = () => new Date(options.now ? options.now() : Date.now())
  return {
    precision,
    tiles: options.tiles ?? null,
    gazetteer: new Gazetteer(),
    index: new PlacesIndex(
      {
        load: () => loadPlacesData(prisma, imageStore, clock, precision),
        fingerprint: () => placesFingerprint(prisma, clock()),
      },
      options.now,
    ),
  }
}
