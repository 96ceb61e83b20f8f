import { keepPreviousData, skipToken } from '@tanstack/react-query'
import type { PlacesMapInput } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'

/** The countries visited, the number of places and the years (header, shading, year filter). */
export const countriesQuery = () => trpc.places.countries.queryOptions(undefined, { staleTime: 60_000 })

/** What a view of the map shows: clusters, single stories and photos, and the stories in view. */
export const mapQuery = (input: PlacesMapInput | typeof skipToken) =>
  trpc.places.map.queryOptions(input, { placeholderData: keepPreviousData, staleTime: 60_000 })

/** One country's stories and photos, and the box to zoom its map to. */
export const countryQuery = (code: string) => trpc.places.country.queryOptions({ code }, { retry: false })

/** The base map: raster tiles when the owner set MAP_TILES_URL, else null (the built-in vector world). */
export const mapSettingsQuery = () => trpc.places.mapSettings.queryOptions(undefined, { staleTime: Infinity })
