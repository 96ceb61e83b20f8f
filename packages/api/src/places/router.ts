import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { attachRoute, listPhotoPlaces, removeRoute, routeSummary, setPhotoPlace } from './admin-service'
import {
  attachedRoute,
  attachRouteInput,
  gazetteerPlace,
  mapSettings,
  nearestInput,
  photoPlace,
  placesCountriesOutput,
  placesCountryInput,
  placesCountryOutput,
  placesMapInput,
  placesMapOutput,
  postIdOnly,
  setPhotoPlaceInput,
  storyPlace,
  storyRoute as storyRouteOutput,
  storyRouteInput,
  suggestInput,
} from './schema'
import { nearestPlace, placesCountries, placesCountry, placesMap, suggestPlaces } from './service'
import { storyRoute } from './story-route'
import { readStoryPlace } from './story-place'

const routeSummaryOutput = z
  .object({
    name: z.string(),
    distance_m: z.number(),
    elevation_gain_m: z.number(),
    point_count: z.number(),
    started_at: z.string().nullable(),
  })
  .nullable()

export const placesRouter = router({
  /** Published stories and photos with a point inside a box at a zoom: clusters, single points and the list. */
  map: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/places/map', summary: 'Map clusters and points in a box' } })
    .input(placesMapInput)
    .output(placesMapOutput)
    .query(({ ctx, input }) => placesMap(ctx.deps, input)),
  countries: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/places/countries', summary: 'Countries visited' } })
    .output(placesCountriesOutput)
    .query(({ ctx }) => placesCountries(ctx.deps)),
  country: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/places/countries/:code', summary: "A country's stories and photos" } })
    .input(placesCountryInput)
    .output(placesCountryOutput)
    .query(({ ctx, input }) => placesCountry(ctx.deps, input.code)),
  /** Where a published story is: its point, country and whether it has a route. */
  story: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/slug/:slug/place', summary: "A story's place" } })
    .input(storyRouteInput)
    .output(storyPlace)
    .query(({ ctx, input }) => readStoryPlace(ctx.deps, input.slug)),
  /** A published story's GPX route, its figures and profile, and the photos along it. */
  storyRoute: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/slug/:slug/route', summary: "A story's GPX route" } })
    .input(storyRouteInput)
    .output(storyRouteOutput)
    .query(({ ctx, input }) => storyRoute(ctx.deps, input.slug)),
  /** How the map draws its base: the built-in vector world, or raster tiles when MAP_TILES_URL is set. */
  mapSettings: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/places/settings', summary: 'Map tile settings' } })
    .output(mapSettings)
    .query(({ ctx }) => ({ tiles: ctx.deps.places.tiles, precision: ctx.deps.places.precision })),
  // The owner's tools: the offline gazetteer (never shipped to browsers) and the writes.
  suggest: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/places/suggest', summary: 'Place names matching a search' } })
    .input(suggestInput)
    .output(z.array(gazetteerPlace))
    .query(({ ctx, input }) => suggestPlaces(ctx.deps, input.q, input.limit)),
  nearest: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/places/nearest',
        summary: 'The known place nearest a point',
        aliases: { lat: 'latitude', lng: 'longitude' },
      },
    })
    .input(nearestInput)
    .output(gazetteerPlace.nullable())
    .query(({ ctx, input }) => nearestPlace(ctx.deps, input.latitude, input.longitude)),
  photoPlaces: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/gallery/places', summary: 'Where each gallery photo was taken' } })
    .output(z.array(photoPlace))
    .query(({ ctx }) => listPhotoPlaces(ctx.deps)),
  setPhotoPlace: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/gallery/place', summary: "Set or clear a photo's place" } })
    .input(setPhotoPlaceInput)
    .output(photoPlace)
    .mutation(({ ctx, input }) => setPhotoPlace(ctx.deps, input)),
  routeSummary: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/posts/:id/route',
        summary: "A story's route for the editor",
        aliases: { id: 'post_id' },
      },
    })
    .input(postIdOnly)
    .output(routeSummaryOutput)
    .query(({ ctx, input }) => routeSummary(ctx.deps, input.post_id)),
  /** Binary input: reachable through the REST multipart route (server-side caller), not over tRPC HTTP. */
  attachRoute: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/posts/:id/route',
        summary: 'Attach a GPX route to a story',
        aliases: { id: 'post_id' },
        upload: { field: 'gpx', input: 'gpx' },
      },
    })
    .input(attachRouteInput)
    .output(attachedRoute)
    .mutation(({ ctx, input }) => attachRoute(ctx.deps, input.post_id, input.gpx)),
  removeRoute: adminProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/posts/:id/route',
        summary: "Remove a story's route",
        aliases: { id: 'post_id' },
      },
    })
    .input(postIdOnly)
    .output(z.object({ post_id: z.number() }))
    .mutation(({ ctx, input }) => removeRoute(ctx.deps, input.post_id)),
})
