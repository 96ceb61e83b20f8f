import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseOptions } from '@wayfarer/db'
import { createEmptyDatabase, fillLinkedContent, openTestPglite } from '@wayfarer/db/testing'
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

const kinds: Kind[] = serverUrl ? ['embedded', 'postgresql'] : ['embedded']

describe('backup and restore between the embedded database and PostgreSQL', () => {
  it.each(kinds.flatMap((from) => kinds.map((to) => [from, to] as const)))(
    '%s → %s',
    async (from, to) => {
      const sourceDir = tempDir()
      // An embedded source in memory: the backup reads it through a snapshot like any other, and its durable files
      // are the crash tests' subject, not this one's (creating them is most of a fresh data directory's cost).
      const source = from === 'embedded' ? await openTestPglite() : await openDatabase(await options(from, sourceDir))
      cleanups.push(() => source.close())
      await fillLinkedContent(source)
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
