import { z } from 'zod'
import { galleryPhoto, publishImage } from '../gallery/schema'
import { COUNTRY_CODES } from './country-codes'
import { id, text } from '../input-policy'

export const placeMessages = {
  latitude: 'Latitude must be a number between -90 and 90',
  longitude: 'Longitude must be a number between -180 and 180',
  countryCode: 'Country code must be an ISO 3166-1 alpha-2 code such as NP or FR',
  pointIncomplete: 'A point needs both a latitude and a longitude',
  bbox: 'bbox must be four numbers: west,south,east,north',
  gpxMissing: 'Please choose a GPX file',
  gpxTooLarge: 'GPX files must be at most 5 MB',
  gpxTooManyPoints: 'GPX files may have at most 100,000 points',
  gpxEntities: 'GPX files may not contain a DOCTYPE or entity declarations',
  gpxMalformed: 'This file is not a readable GPX file',
  gpxTooDeep: 'This GPX file nests its elements deeper than GPX does (at most 16 levels)',
  gpxTooManyElements: 'GPX files may have at most 1,000,000 elements',
  gpxEmpty: 'This GPX file has no track or route points',
  routeMissing: 'This story has no route',
  suggestShort: 'Type at least 2 letters',
  zoom: 'zoom must be a whole number from 0 to 18',
  maxZoom: 'max_zoom must be a whole number from 0 to 18',
} as const

/** The largest GPX file a story takes (the browser checks it too, before sending). */
export const MAX_GPX_BYTES = 5 * 1024 * 1024

export const latitude = z
  .number({ error: placeMessages.latitude })
  .min(-90, placeMessages.latitude)
  .max(90, placeMessages.latitude)
export const longitude = z
  .number({ error: placeMessages.longitude })
  .min(-180, placeMessages.longitude)
  .max(180, placeMessages.longitude)
export const countryCode = text('Country code', { error: placeMessages.countryCode })
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.has(code), { message: placeMessages.countryCode })

/** The place fields a story's create/update accepts: both coordinates or neither; null clears them. */
export const postPlaceFields = {
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  country_code: z.preprocess((v) => (v === '' ? null : v), countryCode.nullish()),
}
export const pointIsComplete = (v: {
  latitude?: number | null | undefined
  longitude?: number | null | undefined
}): boolean => (v.latitude == null) === (v.longitude == null)

/** A story as the map, its list and its card show it. */
export const mapStory = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
  image_alt: z.string().nullable(),
  category_name: z.string().nullable(),
  category_color: z.string().nullable(),
  published_at: z.string().nullable(),
  location: z.string(),
  country_code: z.string().nullable(),
  /** Null for stories that only name a country (the country page lists them, the map cannot). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type MapStory = z.infer<typeof mapStory>

/** A published photo with a point: what the gallery lightbox needs, and where it was taken. */
export const mapPhoto = galleryPhoto.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country_code: z.string().nullable(),
  taken_at: z.string().nullable(),
})
export type MapPhoto = z.infer<typeof mapPhoto>

export const mapCluster = z.object({
  id: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  stories: z.number(),
  photos: z.number(),
  /** The zoom at which this cluster splits. */
  expansion_zoom: z.number(),
  /** For a cluster that never splits (everything at one spot, even at the deepest zoom): what is in it. */
  members: z.object({ stories: z.array(mapStory), photos: z.array(mapPhoto) }).nullable(),
})
export type MapCluster = z.infer<typeof mapCluster>

export const MAX_MAP_ZOOM = 18
/** Stories listed beside the map at most; the total says how many are in view. */
export const MAP_LIST_LIMIT = 50

export const bbox = z
  .tuple([longitude, latitude, longitude, latitude], { error: placeMessages.bbox })
  .refine(([, south, , north]) => south <= north, { message: 'bbox south must not be north of north' })
export type BoundingBox = z.infer<typeof bbox>

export const placesMapInput = z.object({
  /** west, south, east, north in degrees; west > east crosses the antimeridian. */
  bbox: bbox.default([-180, -85, 180, 85]),
  zoom: z
    .number({ error: placeMessages.zoom })
    .int(placeMessages.zoom)
    .min(0, placeMessages.zoom)
    .max(MAX_MAP_ZOOM, placeMessages.zoom)
    .default(1),
  /** The deepest zoom the visitor's map goes to: a cluster that splits only beyond it lists its members. */
  max_zoom: z
    .number({ error: placeMessages.maxZoom })
    .int(placeMessages.maxZoom)
    .min(0, placeMessages.maxZoom)
    .max(MAX_MAP_ZOOM, placeMessages.maxZoom)
    .default(MAX_MAP_ZOOM),
  /** A category slug: only stories of that category (photos have none). */
  category: text('Category')
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  /** Stories published and photos taken in that year. */
  year: z.number().int().min(1900).max(2200).optional(),
  /** A published trip's slug: only its stories and photos. */
  trip: text('Trip')
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
})
export type PlacesMapInput = z.input<typeof placesMapInput>
export type PlacesMapQuery = z.output<typeof placesMapInput>

export const placesMapOutput = z.object({
  clusters: z.array(mapCluster),
  stories: z.array(mapStory),
  photos: z.array(mapPhoto),
  /** The stories inside the box, newest first (the list beside the map), and how many there are. */
  in_view: z.object({ stories: z.array(mapStory), total: z.number() }),
  /** Published trips' lines ([longitude, latitude], simplified): every trip's, or the chosen trip's only. */
  trips: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      lines: z.array(z.array(z.tuple([z.number(), z.number()]))),
    }),
  ),
})
export type PlacesMapOutput = z.infer<typeof placesMapOutput>

export const countryVisit = z.object({
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  /** ISO 3166-1 numeric, as world-atlas names country shapes. */
  numeric: z.string().nullable(),
  stories: z.number(),
  photos: z.number(),
})
export type CountryVisit = z.infer<typeof countryVisit>

export const placesCountriesOutput = z.object({
  countries: z.array(countryVisit),
  /** Distinct points of published stories and photos. */
  places: z.number(),
  /** Years with published stories or photos, newest first (the map's year filter). */
  years: z.array(z.number()),
})
export type PlacesCountriesOutput = z.infer<typeof placesCountriesOutput>

export const placesCountryInput = z.object({ code: countryCode })
export const placesCountryOutput = z.object({
  country: countryVisit,
  /** The box around everything shown, to zoom the map to; null when nothing has a point. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  stories: z.array(mapStory),
  photos: z.array(mapPhoto),
})
export type PlacesCountryOutput = z.infer<typeof placesCountryOutput>

/** A gazetteer place (GeoNames), as the place picker offers it. */
export const gazetteerPlace = z.object({
  name: z.string(),
  region: z.string(),
  country: z.string(),
  country_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number(),
})
export type GazetteerPlace = z.infer<typeof gazetteerPlace>

export const suggestInput = z.object({
  q: text('Search', { error: placeMessages.suggestShort }).trim().min(2, placeMessages.suggestShort).max(100),
  limit: z.number().int().min(1).max(20).default(8),
})
export const nearestInput = z.object({ latitude, longitude })

/** What an uploaded photo's EXIF says, already rounded; stored only when the owner accepts it. */
export const photoPlaceSuggestion = z.object({
  latitude: z.number(),
  longitude: z.number(),
  taken_at: z.string().nullable(),
  place: gazetteerPlace.nullable(),
})
export type PhotoPlaceSuggestion = z.infer<typeof photoPlaceSuggestion>

/** Where the owner says a gallery photo was taken; null coordinates clear the point. */
export const setPhotoPlaceInput = z
  .object({
    public_id: text('Image id').trim().min(1).max(255),
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
    country_code: z.preprocess((v) => (v === '' ? null : v), countryCode.nullable()).default(null),
    /** The photo's location text ("Pokhara, Nepal"); unchanged when absent. */
    location: text('Location').trim().max(200).optional(),
    taken_at: z.iso.datetime({ offset: true }).nullable().optional(),
    /** The image host's fields, to keep the place of a photo that is not published yet. */
    image: publishImage.omit({ public_id: true, location: true }).optional(),
  })
  .refine(pointIsComplete, { message: placeMessages.pointIncomplete })
export type SetPhotoPlaceInput = z.input<typeof setPhotoPlaceInput>

export const photoPlace = z.object({
  public_id: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country_code: z.string().nullable(),
  location: z.string(),
  taken_at: z.string().nullable(),
})
export type PhotoPlace = z.infer<typeof photoPlace>

export const postIdOnly = z.object({ post_id: id('Post') })

/** A story's route for its page: the simplified line, its figures, the profile and the photos along it. */
export const storyRoute = z.object({
  name: z.string(),
  /** [longitude, latitude] pairs. */
  line: z.array(z.tuple([z.number(), z.number()])),
  /** Where in `line` a new track or segment starts: nothing was travelled from the point before, so no line joins them. */
  breaks: z.array(z.number()),
  distance_m: z.number(),
  elevation_gain_m: z.number(),
  /** [distance m, elevation m] samples; empty when the track has no elevations. */
  profile: z.array(z.tuple([z.number(), z.number()])),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  point_count: z.number(),
  /** Published gallery photos taken during the route or near it, with where along it they sit. */
  photos: z.array(mapPhoto.extend({ distance_m: z.number(), placed_by: z.enum(['time', 'point']) })),
})
export type StoryRoute = z.infer<typeof storyRoute>
export const storyRouteInput = z.object({ slug: text('Slug').trim().min(1).max(200) })

export const attachRouteInput = z.object({
  post_id: id('Post'),
  /** The GPX file's bytes (REST multipart field `gpx`). */
  gpx: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: placeMessages.gpxMissing }).optional(),
})
export const attachedRoute = z.object({
  post_id: z.number(),
  distance_m: z.number(),
  elevation_gain_m: z.number(),
  point_count: z.number(),
  /** The story's point after attaching (the route's start when it had none). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})

/** A raster tile's address from a {z}/{x}/{y} template (MAP_TILES_URL). */
export const tileUrl = (template: string, z: number, x: number, y: number): string =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))

export const mapSettings = z.object({
  /** Raster tiles ({z}/{x}/{y}) instead of the built-in vector map, with their attribution. */
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
  precision: z.number(),
})

/** A published story's place, for its page (mini map, route), its head and the feed. */
export const storyPlace = z.object({
  slug: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  has_route: z.boolean(),
})
export type StoryPlace = z.infer<typeof storyPlace>
