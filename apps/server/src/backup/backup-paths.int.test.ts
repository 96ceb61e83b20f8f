import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type DatabaseOptions } from '@wayfarer/db'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import { restoreBackup, writeBackup } from './archive'

// The archive round trip on every path between the embedded database and PostgreSQL, with what once broke a
// restore: a scheduled story (an enum value added by a migration) and a trip whose cover is one of its own photos
// (two tables pointing at each other). docs/operations.md.
const serverUrl = process.env.TEST_DATABASE_URL
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wf-paths-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

type Kind = 'embedded' | 'postgresql'

async function options(kind: Kind, dataDir: string): Promise<DatabaseOptions> {
  if (kind === 'embedded') return { dataDir }
  const empty = await createEmptyDatabase(serverUrl!, 'wf_tb_paths')
  cleanups.push(() => empty.drop())
  return { dataDir, databaseUrl: empty.url }
}

async function fill(db: Database) {
  const { prisma } = db
  const author = await prisma.user.create({ data: { email: 'owner@example.com', passwordHash: 'x' } })
  await prisma.post.create({
    data: {
      slug: 'later',
      title: 'Later',
      status: 'scheduled',
      publishedAt: new Date('2099-01-01'),
      authorId: author.id,
    },
  })
  const trip = await prisma.trip.create({
    data: { slug: 'nepal', title: 'Nepal', startDate: new Date('2026-03-01'), timeZone: 'Asia/Kathmandu' },
  })
  const photo = await prisma.galleryImage.create({
    data: { publicId: 'trips/cover', url: '/media/trips/cover.jpg', tripId: trip.id },
  })
  await prisma.trip.update({ where: { id: trip.id }, data: { coverImageId: photo.id, status: 'published' } })
  await prisma.post.create({
    data: { slug: 'day-one', title: 'Day one', status: 'published', authorId: author.id, tripId: trip.id },
  })
}

const kinds: Kind[] = serverUrl ? ['embedded', 'postgresql'] : ['embedded']

describe('backup and restore between the embedded database and PostgreSQL', () => {
  it.each(kinds.flatMap((from) => kinds.map((to) => [from, to] as const)))(
    '%s → %s',
    async (from, to) => {
      const sourceDir = tempDir()
      const source = await openDatabase(await options(from, sourceDir))
      cleanups.push(() => source.close())
      await fill(source)
      mkdirSync(path.join(sourceDir, 'images', 'trips'), { recursive: true })
      writeFileSync(path.join(sourceDir, 'images', 'trips', 'cover.jpg'), 'the cover photo')
      const archive = path.join(tempDir(), 'site.tar.gz')
      await writeBackup(
        source,
        { imagesDir: path.join(sourceDir, 'images'), stagingParent: sourceDir },
        createWriteStream(archive, { mode: 0o600 }),
      )

      const targetDir = tempDir()
      const target = await options(to, targetDir)
      const manifest = await restoreBackup(archive, { database: target, dataDir: targetDir })
      expect(manifest.images).toBe(1)
      expect(readFileSync(path.join(targetDir, 'images', 'trips', 'cover.jpg'), 'utf8')).toBe('the cover photo')
      const restored = await openDatabase(target)
      cleanups.push(() => restored.close())
      expect((await restored.prisma.post.findUniqueOrThrow({ where: { slug: 'later' } })).status).toBe('scheduled')
      const trip = await restored.prisma.trip.findUniqueOrThrow({
        where: { slug: 'nepal' },
        include: { cover: true, posts: true },
      })
      expect(trip.cover?.url).toBe('/media/trips/cover.jpg')
      expect(trip.posts.map((p) => p.slug)).toEqual(['day-one'])
    },
    180_000,
  )
})
