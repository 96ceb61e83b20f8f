import { trpc } from '../../lib/trpc'

/** /trips: the published trips, live ones first. */
export const tripsQuery = () => trpc.trips.list.queryOptions(undefined, { staleTime: 60_000 })

/** A trip's page: its card, figures, map and the first days of its timeline. A missing trip is final: no retry. */
export const tripQuery = (slug: string) => trpc.trips.bySlug.queryOptions({ slug }, { staleTime: 60_000, retry: false })

/** The timeline from a day on (the page after the first one `trips.bySlug` brings). */
export const tripTimelineQuery = (slug: string, fromDay: number) =>
  trpc.trips.timeline.queryOptions({ slug, from_day: fromDay }, { staleTime: 60_000 })

/** Every photo of one day (the timeline brings only the first few), for the lightbox. */
export const tripDayPhotosQuery = (slug: string, day: number) =>
  trpc.trips.dayPhotos.queryOptions({ slug, day, limit: 100 }, { staleTime: 60_000 })

/** "Day 3 of {trip}" on a story's page; null when the story is in no published trip. */
export const storyTripQuery = (slug: string) =>
  trpc.trips.storyContext.queryOptions({ slug }, { staleTime: 60_000, retry: false })
