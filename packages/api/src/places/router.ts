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
  .object({ name: z.string(), distance_m: z.number(), elevation_gain_m: z.number(), point_count: z.number(), started_at: z.string().nullable() })
  .nullable()

export const placesRouter = router({
  /** Published stories and photos with a point inside a box at a zoom: clusters, single points and the list. */
  map: publicProcedure.input(placesMapInput).output(placesMapOutput).query(({ ctx, input }) => placesMap(ctx.deps, input)),
  countries: publicProcedure.output(placesCountriesOutput).query(({ ctx }) => placesCountries(ctx.deps)),
  country: publicProcedure.input(placesCountryInput).output(placesCountryOutput).query(({ ctx, input }) => placesCountry(ctx.deps, input.code)),
  /** Where a published story is: its point, country and whether it has a route. */
  story: publicProcedure.input(storyRouteInput).output(storyPlace).query(({ ctx, input }) => readStoryPlace(ctx.deps, input.slug)),
  /** A published story's GPX route, its figures and profile, and the photos along it. */
  storyRoute: publicProcedure.input(storyRouteInput).output(storyRouteOutput).query(({ ctx, input }) => storyRoute(ctx.deps, input.slug)),
  /** How the map draws its base: the built-in vector world, or raster tiles when MAP_TILES_URL is set. */
  mapSettings: publicProcedure
    .output(mapSettings)
    .query(({ ctx }) => ({ tiles: ctx.deps.places.tiles, precision: ctx.deps.places.precision })),
  // The owner's tools: the offline gazetteer (never shipped to browsers) and the writes.
  suggest: adminProcedure.input(suggestInput).output(z.array(gazetteerPlace)).query(({ ctx, input }) => suggestPlaces(ctx.deps, input.q, input.limit)),
  nearest: adminProcedure.input(nearestInput).output(gazetteerPlace.nullable()).query(({ ctx, input }) => nearestPlace(ctx.deps, input.latitude, input.longitude)),
  photoPlaces: adminProcedure.output(z.array(photoPlace)).query(({ ctx }) => listPhotoPlaces(ctx.deps)),
  setPhotoPlace: adminProcedure.input(setPhotoPlaceInput).output(photoPlace).mutation(({ ctx, input }) => setPhotoPlace(ctx.deps, input)),
  routeSummary: adminProcedure.input(postIdOnly).output(routeSummaryOutput).query(({ ctx, input }) => routeSummary(ctx.deps, input.post_id)),
  /** Binary input: reachable through the REST multipart route (server-side caller), not over tRPC HTTP. */
  attachRoute: adminProcedure.input(attachRouteInput).output(attachedRoute).mutation(({ ctx, input }) => attachRoute(ctx.deps, input.post_id, input.gpx)),
  removeRoute: adminProcedure.input(postIdOnly).output(z.object({ post_id: z.number() })).mutation(({ ctx, input }) => removeRoute(ctx.deps, input.post_id)),
})
