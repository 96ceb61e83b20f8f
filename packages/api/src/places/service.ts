import type { AppDeps } from '../deps'
import { countryName, numericCodeOf } from './countries'
import { flagOf } from './country-codes'
import { publicStory } from './map-index'
import type {
  BoundingBox,
  GazetteerPlace,
  PlacesCountriesOutput,
  PlacesCountryOutput,
  PlacesMapOutput,
  PlacesMapQuery,
} from './schema'

type Deps = Pick<AppDeps, 'places'>

/** places.map: clusters and points in a box at a zoom, and the stories in view. */
export async function placesMap(deps: Deps, query: PlacesMapQuery): Promise<PlacesMapOutput> {
  return (await deps.places.index.current()).map(query)
}

/** places.countries: the countries visited with their counts, distinct places and the years. */
export async function placesCountries(deps: Deps): Promise<PlacesCountriesOutput> {
  const snapshot = await deps.places.index.current()
  return { countries: snapshot.countries, places: snapshot.places, years: snapshot.years }
}

/** places.country: one country's stories and photos (possibly none), and the box around their points. */
export async function placesCountry(deps: Deps, code: string): Promise<PlacesCountryOutput> {
  const snapshot = await deps.places.index.current()
  const stories = snapshot.data.stories.filter((s) => s.country_code === code)
  const photos = snapshot.data.photos.filter((p) => p.country_code === code)
  const visit = snapshot.countries.find((c) => c.code === code) ?? {
    code,
    name: countryName(code),
    flag: flagOf(code),
    numeric: numericCodeOf(code),
    stories: 0,
    photos: 0,
  }
  return {
    country: visit,
    bbox: boxAround([...stories, ...photos]),
    stories: stories.map(publicStory),
    photos: photos.map(snapshot.data.mapPhoto),
  }
}

function boxAround(items: { latitude: number | null; longitude: number | null }[]): BoundingBox | null {
  const points = items.filter(
    (i): i is { latitude: number; longitude: number } => i.latitude !== null && i.longitude !== null,
  )
  if (points.length === 0) return null
  return points.reduce<BoundingBox>(
    ([w, s, e, n], p) => [
      Math.min(w, p.longitude),
      Math.min(s, p.latitude),
      Math.max(e, p.longitude),
      Math.max(n, p.latitude),
    ],
    [180, 90, -180, -90],
  )
}

export const suggestPlaces = (deps: Deps, q: string, limit: number): GazetteerPlace[] =>
  deps.places.gazetteer.suggest(q, limit)

export const nearestPlace = (deps: Deps, latitude: number, longitude: number): GazetteerPlace | null =>
  deps.places.gazetteer.nearest(latitude, longitude)
