import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { postBySlugInput } from '../posts/public-schema'
import { pointIsComplete, placeMessages } from '../places/schema'
import {
  addedTripDay,
  addTripDayInput,
  adminTrip,
  adminTripsOutput,
  createTripInput,
  photoTripOutput,
  setPhotoTripInput,
  setStoryTripInput,
  storyTripContext,
  storyTripOutput,
  tripDayPhotosInput,
  tripDayPhotosOutput,
  tripIdInput,
  tripPage,
  tripSlugInput,
  tripsOutput,
  tripTimelineInput,
  tripTimelinePage,
  updateTripInput,
} from './schema'
import { listTrips, readStoryTripContext, readTripPage, readTripTimeline, tripDayPhotos } from './public-service'
import {
  addTripDay,
  createTrip,
  deleteTrip,
  getAdminTrip,
  listAdminTrips,
  setPhotoTrip,
  setStoryTrip,
  updateTrip,
} from './admin-service'
import { adminTrack, checkInInput, newTrackToken as newTrackTokenOutput, trackSettingsInput } from './track-schema'
import { checkIn, getAdminTrack, newTrackToken, revokeTrackToken, updateTrackSettings } from './track'

/** Trips: the journey as the unit (docs/trips.md). Visitors read published trips; the owner builds them. */
export const tripsRouter = router({
  list: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/trips', summary: 'Published trips, live ones first', data: 'trips' },
    })
    .output(tripsOutput)
    .query(({ ctx }) => listTrips(ctx.deps)),
  bySlug: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/trips/:slug',
        summary: 'A trip with its figures, map and day-by-day timeline',
      },
    })
    .input(tripSlugInput)
    .output(tripPage)
    .query(({ ctx, input }) => readTripPage(ctx.deps, input.slug)),
  timeline: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/trips/:slug/timeline',
        summary: "A page of a trip's day-by-day timeline from a day on",
      },
    })
    .input(tripTimelineInput)
    .output(tripTimelinePage)
    .query(({ ctx, input }) => readTripTimeline(ctx.deps, input.slug, input.from_day)),
  dayPhotos: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/trips/:slug/days/:day/photos',
        summary: "One day's photos of a trip, paged",
        data: 'photos',
        pagination: 'pagination',
      },
    })
    .input(tripDayPhotosInput)
    .output(tripDayPhotosOutput)
    .query(({ ctx, input }) => tripDayPhotos(ctx.deps, input)),
  /** A story's place in its trip ("Day 3 of …", the stories before and after); null when it is in none. */
  storyContext: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/slug/:slug/trip', summary: "A story's day in its trip" } })
    .input(postBySlugInput)
    .output(storyTripContext)
    .query(({ ctx, input }) => readStoryTripContext(ctx.deps, input.slug)),

  // The owner's procedures.
  adminList: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/trips/admin', summary: 'Every trip for the owner', data: 'trips' } })
    .output(adminTripsOutput)
    .query(({ ctx }) => listAdminTrips(ctx.deps)),
  adminById: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/trips/admin/:id', summary: 'One trip for editing, with its stories' } })
    .input(tripIdInput)
    .output(adminTrip)
    .query(({ ctx, input }) => getAdminTrip(ctx.deps, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/trips', summary: 'Create a trip' } })
    .input(createTripInput)
    .output(adminTrip)
    .mutation(({ ctx, input }) => createTrip(ctx.deps, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/trips/:id', summary: 'Change a trip (only the fields sent)' } })
    .input(updateTripInput)
    .output(adminTrip)
    .mutation(({ ctx, input }) => updateTrip(ctx.deps, input)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/trips/:id', summary: 'Delete a trip (its stories stay)' } })
    .input(tripIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deleteTrip(ctx.deps, input.id)),
  addDay: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/trips/:id/days',
        summary: 'Add a day: a draft story dated that day',
        aliases: { id: 'trip_id' },
      },
    })
    .input(addTripDayInput.refine(pointIsComplete, { message: placeMessages.pointIncomplete }))
    .output(addedTripDay)
    .mutation(({ ctx, input }) => addTripDay(ctx.deps, ctx.user.id, input)),
  setStoryTrip: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/posts/:id/trip',
        summary: 'Put a story in a trip or take it out',
        aliases: { id: 'post_id' },
      },
    })
    .input(setStoryTripInput)
    .output(storyTripOutput)
    .mutation(({ ctx, input }) => setStoryTrip(ctx.deps, input)),
  setPhotoTrip: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/gallery/trip', summary: 'Put a gallery photo in a trip' } })
    .input(setPhotoTripInput)
    .output(photoTripOutput)
    .mutation(({ ctx, input }) => setPhotoTrip(ctx.deps, input)),

  // Live tracking (docs/trips.md, "Live"); the tracking app's own endpoint is an HTTP route (OWNTRACKS_PATH).
  track: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/trips/admin/:id/track',
        summary: "A trip's tracking settings and latest points, exactly as recorded",
      },
    })
    .input(tripIdInput)
    .output(adminTrack)
    .query(({ ctx, input }) => getAdminTrack(ctx.deps, input.id)),
  updateTrack: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/trips/:id/track',
        summary: 'Change the delay, pause or private zones of live tracking',
        aliases: { id: 'trip_id' },
      },
    })
    .input(trackSettingsInput)
    .output(adminTrack)
    .mutation(({ ctx, input }) => updateTrackSettings(ctx.deps, input)),
  newTrackToken: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/trips/:id/track/token',
        summary: 'Make a new tracking token (shown once; the old one stops working)',
      },
    })
    .input(tripIdInput)
    .output(newTrackTokenOutput)
    .mutation(({ ctx, input }) => newTrackToken(ctx.deps, input.id)),
  revokeTrackToken: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/trips/:id/track/token', summary: 'Revoke the tracking token' } })
    .input(tripIdInput)
    .output(adminTrack)
    .mutation(({ ctx, input }) => revokeTrackToken(ctx.deps, input.id)),
  checkIn: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/trips/:id/check-ins',
        summary: 'Check in here: a point now, with an optional note and photo',
        aliases: { id: 'trip_id' },
      },
    })
    .input(checkInInput)
    .output(adminTrack)
    .mutation(({ ctx, input }) => checkIn(ctx.deps, input)),
})
