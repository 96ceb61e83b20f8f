import { afterAll, describe, expect, it } from 'vitest'
import { migrationStage } from './migration-testing'

// The `places` migration adds points and country codes to a database that already has stories and
// photos, and fills the codes in from the location texts. Runs on PGlite (on disk, so it can be reopened) and,
// with TEST_DATABASE_URL, on a fresh PostgreSQL database.
const stage = migrationStage('places')
const PLACES = stage.migration
afterAll(() => stage.cleanup())

describe('the places migration on a database with content', () => {
  it('adds the columns and backfills country codes from the location texts', async () => {
    // The database as it was before: only the migrations older than `places` (later ones build on its columns).
    const before = await stage.openBefore()
    expect(before.appliedMigrations).not.toContain(PLACES)
    const sql = (text: string) => before.prisma.$executeRawUnsafe(text)
    await sql(`INSERT INTO "users" ("email", "password_hash") VALUES ('a@example.com', 'x')`)
    const countries = ['Nepal', '  united   kingdom ', 'Scotland', 'CÔTE D’IVOIRE', 'United States', 'Atlantis', null]
    for (const [i, country] of countries.entries()) {
      await sql(`INSERT INTO "posts" ("slug", "title", "author_id", "location_country", "updated_at")
        VALUES ('p${i}', 'Post ${i}', 1, ${country === null ? 'NULL' : `'${country.replace(/'/g, "''")}'`}, now())`)
    }
    const locations = ['Pokhara, Nepal', 'Lofoten, Norway', 'Bora Bora, French Polynesia', 'Somewhere nice', '']
    for (const [i, loc] of locations.entries()) {
      await sql(
        `INSERT INTO "gallery_images" ("cloudinary_public_id", "url", "location", "updated_at") VALUES ('g${i}', '/media/g${i}.jpg', '${loc}', now())`,
      )
    }
    await before.close()

    const after = await stage.openAfter([PLACES])
    try {
      expect(after.appliedMigrations).toEqual([PLACES])
      const posts = await after.prisma.post.findMany({
        orderBy: { id: 'asc' },
        select: { locationCountry: true, countryCode: true, latitude: true },
      })
      expect(posts.map((p) => p.countryCode)).toEqual(['NP', 'GB', 'GB', 'CI', 'US', null, null])
      expect(posts.every((p) => p.latitude === null)).toBe(true)
      const photos = await after.prisma.galleryImage.findMany({ orderBy: { id: 'asc' }, select: { countryCode: true } })
      expect(photos.map((p) => p.countryCode)).toEqual(['NP', 'NO', 'PF', null, null])
      // The temporary name table is gone and the new table works.
      await after.prisma.postRoute.create({
        data: {
          postId: 1,
          points: [],
          profile: [],
          distanceM: 0,
          elevationGainM: 0,
          pointCount: 0,
          minLatitude: 0,
          minLongitude: 0,
          maxLatitude: 0,
          maxLongitude: 0,
        },
      })
      expect(await after.prisma.postRoute.count()).toBe(1)
    } finally {
      await after.close()
    }
  }, 120_000)
})
