import type { PrismaClient } from '@wayfarer/db'
import { InvalidInputError } from '../errors'
import { messages } from '../messages'
import { fitsTrip, localDateOf, type TripDates } from './days'
import { datesOf, tripSelect } from './members'

const m = messages.trips

/**
 * The one rule for a story in a trip: it must have happened within the trip's dates, a day either side allowed
 * (docs/trips.md). A story with no moment yet (a draft without a date) fits any trip.
 */
export function checkStoryFits(story: { title: string; at: Date | null }, trip: TripDates): void {
  if (!story.at || fitsTrip(story.at, trip)) return
  throw new InvalidInputError(
    m.storyOutside(story.title, localDateOf(story.at, trip.timeZone), trip.startDate, trip.endDate),
  )
}

/** The trip a save names, checked against where the story lies in time. */
export async function checkStoryTrip(
  prisma: PrismaClient,
  tripId: number | null,
  story: { title: string; at: Date | null },
): Promise<void> {
  if (tripId === null) return
  const trip = await prisma.trip.findUnique({ where: { id: tripId }, select: tripSelect })
  if (!trip) throw new InvalidInputError(m.notFound)
  checkStoryFits(story, datesOf(trip))
}
