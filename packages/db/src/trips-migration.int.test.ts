import { afterAll, describe, expect, it } from 'vitest'
import { migrationStage } from './migration-testing'

// The `trips` migration on a database that already has stories and photos: they stay as they were, in no trip,
// and the new table and its rules work. PGlite on disk (reopened), and with TEST_DATABASE_URL a fresh PostgreSQL.
const stage = migrationStage('trips')
const TRIPS = stage.migration
afterAll(() => stage.cleanup())

describe('the trips migration on a database with content', () => {
  it('keeps every story and photo, in no trip, and enforces the trip rules', async () => {
    const before = await stage.openBefore()
    expect(before.appliedMigrations).not.toContain(TRIPS)
    const sql = (text: string) => before.prisma.$executeRawUnsafe(text)
    await sql(`INSERT INTO "users" ("email", "password_hash") VALUES ('a@example.com', 'x')`)
    for (let i = 0; i < 3; i++)
      await sql(`INSERT INTO "posts" ("slug", "title", "author_id", "status", "published_at", "updated_at")
        VALUES ('p${i}', 'Post ${i}', 1, 'published', now(), now())`)
    await sql(`INSERT INTO "gallery_images" ("cloudinary_public_id", "url", "taken_at", "updated_at")
      VALUES ('g0', '/media/g0.jpg', '2026-03-12T10:00:00Z', now())`)
    await before.close()

    const after = await stage.openAfter()
    try {
      expect(after.appliedMigrations).toContain(TRIPS)
      const posts = await after.prisma.post.findMany({ select: { slug: true, tripId: true, happenedAt: true } })
      expect(posts).toHaveLength(3)
      expect(posts.every((p) => p.tripId === null && p.happenedAt === null)).toBe(true)
      const photo = await after.prisma.galleryImage.findFirstOrThrow()
      const trip = await after.prisma.trip.create({
        data: {
          slug: 'nepal',
          title: 'Nepal',
          startDate: new Date('2026-03-12T00:00:00Z'),
          timeZone: 'Asia/Kathmandu',
          coverImageId: photo.id,
        },
      })
      expect(trip.status).toBe('draft')
      await after.prisma.post.update({ where: { slug: 'p0' }, data: { tripId: trip.id } })
      // The database itself refuses a status that is not draft/published and an end before the start.
      await expect(
        after.prisma.$executeRawUnsafe(`UPDATE "trips" SET "status" = 'archived' WHERE "id" = ${trip.id}`),
      ).rejects.toThrow(/trips_status_check/)
      await expect(
        after.prisma.$executeRawUnsafe(`UPDATE "trips" SET "end_date" = '2026-03-01' WHERE "id" = ${trip.id}`),
      ).rejects.toThrow(/trips_dates_check/)
      // Deleting the cover photo or the trip leaves the rest in place.
      await after.prisma.galleryImage.delete({ where: { id: photo.id } })
      expect((await after.prisma.trip.findUniqueOrThrow({ where: { id: trip.id } })).coverImageId).toBeNull()
      await after.prisma.trip.delete({ where: { id: trip.id } })
      expect(await after.prisma.post.findUniqueOrThrow({ where: { slug: 'p0' } })).toMatchObject({ tripId: null })
    } finally {
      await after.close()
    }
  }, 120_000)
})
