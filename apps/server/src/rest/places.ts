import type { PlacesMapInput, SetPhotoPlaceInput } from '@wayfarer/api/schemas'
import { numberParam, type RestRoute } from './route'

/** "w,s,e,n" → four numbers; anything else reaches the procedure as is and is refused there with a clear message. */
const bboxParam = (value: string | undefined): PlacesMapInput['bbox'] =>
  (value === undefined || value === '' ? undefined : value.split(',').map((v) => (v.trim() === '' ? Number.NaN : Number(v)))) as PlacesMapInput['bbox']

const postIdOf = (params: Record<string, string>): number => Number(params.id)

/** Places (issue 13): the map, countries, a story's route, and the owner's place and route writes. */
export const placesRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/places/map',
    handle: async (api, req) => ({
      data: await api.places.map({
        bbox: bboxParam(req.query.bbox),
        zoom: numberParam(req.query.zoom),
        category: req.query.category || undefined,
        year: numberParam(req.query.year),
      }),
    }),
  },
  { method: 'GET', url: '/api/places/countries', handle: async (api) => ({ data: await api.places.countries() }) },
  { method: 'GET', url: '/api/places/countries/:code', handle: async (api, req) => ({ data: await api.places.country({ code: req.params.code ?? '' }) }) },
  { method: 'GET', url: '/api/places/settings', handle: async (api) => ({ data: await api.places.mapSettings() }) },
  { method: 'GET', url: '/api/posts/slug/:slug/place', handle: async (api, req) => ({ data: await api.places.story({ slug: req.params.slug ?? '' }) }) },
  { method: 'GET', url: '/api/posts/slug/:slug/route', handle: async (api, req) => ({ data: await api.places.storyRoute({ slug: req.params.slug ?? '' }) }) },
  { method: 'GET', url: '/api/places/suggest', handle: async (api, req) => ({ data: await api.places.suggest({ q: req.query.q ?? '', limit: numberParam(req.query.limit) }) }) },
  {
    method: 'GET',
    url: '/api/places/nearest',
    handle: async (api, req) => ({
      data: await api.places.nearest({ latitude: numberParam(req.query.lat) ?? Number.NaN, longitude: numberParam(req.query.lng) ?? Number.NaN }),
    }),
  },
  { method: 'GET', url: '/api/gallery/places', handle: async (api) => ({ data: await api.places.photoPlaces() }) },
  { method: 'PUT', url: '/api/gallery/place', handle: async (api, req) => ({ data: await api.places.setPhotoPlace(req.body as SetPhotoPlaceInput) }) },
  { method: 'GET', url: '/api/posts/:id/route', handle: async (api, req) => ({ data: await api.places.routeSummary({ post_id: postIdOf(req.params) }) }) },
  {
    method: 'POST',
    url: '/api/posts/:id/route',
    multipart: true,
    fileField: 'gpx',
    handle: async (api, req) => ({ data: await api.places.attachRoute({ post_id: postIdOf(req.params), gpx: req.file ? new Uint8Array(req.file.data) : undefined }) }),
  },
  { method: 'DELETE', url: '/api/posts/:id/route', handle: async (api, req) => ({ data: await api.places.removeRoute({ post_id: postIdOf(req.params) }) }) },
]
