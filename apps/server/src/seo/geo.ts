import { escapeHtml } from './render-head'

/** A point of a story or a day, as the pages and feeds describe it. */
export interface GeoPoint {
  latitude: number
  longitude: number
  /** ISO 3166-1 alpha-2. */
  countryCode?: string | null
  /** "Pokhara, Nepal" */
  name?: string | null
}

const meta = (name: string, value: string) => `<meta name="${name}" content="${escapeHtml(value)}" />`

/** The geo meta tags crawlers and map services read: geo.position, geo.placename, geo.region and ICBM. */
export const geoMetaTags = (p: GeoPoint): string[] => [
  meta('geo.position', `${p.latitude};${p.longitude}`),
  ...(p.name ? [meta('geo.placename', p.name)] : []),
  ...(p.countryCode ? [meta('geo.region', p.countryCode)] : []),
  meta('ICBM', `${p.latitude}, ${p.longitude}`),
]

/** schema.org Place with its GeoCoordinates (JSON-LD). */
export const placeLd = (p: GeoPoint, fallbackName: string): Record<string, unknown> => ({
  '@type': 'Place',
  name: p.name || fallbackName,
  geo: { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude },
  ...(p.countryCode ? { address: { '@type': 'PostalAddress', addressCountry: p.countryCode } } : {}),
})

/** GeoRSS-Simple's point: "latitude longitude". */
export const georssPoint = (p: GeoPoint): string => `<georss:point>${p.latitude} ${p.longitude}</georss:point>`
export const GEORSS_NAMESPACE = 'http://www.georss.org/georss'
