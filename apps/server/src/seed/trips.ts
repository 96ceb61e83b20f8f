import { addDays, dateOfDay, localDateOf, middayOf, recordTrackPoint, slugify, type AppDeps } from '@wayfarer/api'
import { demoTrips } from './content'

const DAY_MS = 86_400_000

/**
 * The demo trips: dates counted back from now (in each trip's zone), so a fresh install has a finished trip and a
 * live one. Stories join by title with their day as "when it happened"; photos get their day as the time taken;
 * tracked points are check-ins hours before now, the older ones already past the day's delay (public).
 */
export async function seedDemoTrips(deps: AppDeps): Promise<void> {
  const { prisma } = deps
  const now = deps.now()
  for (const t of demoTrips) {
    const startDate = localDateOf(new Date(now.getTime() - t.starts_days_ago * DAY_MS), t.time_zone)
    const endDate = t.ends_days_ago === null ? null : addDays(startDate, t.starts_days_ago - t.ends_days_ago)
    const cover = await prisma.galleryImage.findFirst({ where: { title: t.cover }, select: { id: true } })
    const trip = await prisma.trip.create({
      data: {
        slug: slugify(t.title),
        title: t.title,
        summary: t.summary,
        timeZone: t.time_zone,
        startDate: new Date(`${startDate}T00:00:00Z`),
        endDate: endDate === null ? null : new Date(`${endDate}T00:00:00Z`),
        status: 'published',
        coverImageId: cover?.id ?? null,
      },
    })
    const dayAt = (day: number) => middayOf(dateOfDay(startDate, day), t.time_zone)
    for (const s of t.stories)
      await prisma.post.updateMany({
        where: { slug: slugify(s.post) },
        data: { tripId: trip.id, happenedAt: dayAt(s.day) },
      })
    for (const p of t.photos)
      await prisma.galleryImage.updateMany({ where: { title: p.title }, data: { takenAt: dayAt(p.day) } })
    for (const point of t.track) {
      const recordedAt = new Date(now.getTime() - point.hours_ago * 3_600_000)
      await recordTrackPoint(deps, trip, {
        latitude: point.latitude,
        longitude: point.longitude,
        recordedAt,
        source: 'checkin',
        note: point.note,
      })
    }
  }
}
