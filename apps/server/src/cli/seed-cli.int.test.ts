import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '@wayfarer/db'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import { freePort, killStartedServers, nodeArgs, startMain, waitForHealth } from '../testing/server-process'

const run = promisify(execFile)
const serverDir = path.resolve(import.meta.dirname, '../..')
const serverUrl = process.env.TEST_DATABASE_URL
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  killStartedServers()
  for (const cleanup of cleanups) await cleanup()
})

/** `npm run db:seed`'s target: a brand-new PostgreSQL database (when TEST_DATABASE_URL is set) or a new data dir. */
async function freshTarget(): Promise<{ env: Record<string, string>; databaseUrl?: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-seed-'))
  if (!serverUrl) return { env: { DATA_DIR: dataDir }, dataDir }
  const empty = await createEmptyDatabase(serverUrl, 'wayfarer_seed')
  cleanups.push(empty.drop)
  return { env: { DATA_DIR: dataDir, DATABASE_URL: empty.url }, databaseUrl: empty.url, dataDir }
}

describe('npm start on a fresh database', () => {
  it('applies the migrations at boot and shuts down cleanly on SIGTERM', async () => {
    const target = await freshTarget()
    const port = await freePort()
    const server = await startMain({ ...target.env, PORT: String(port), SEED_DEMO_CONTENT: 'false' })
    const health = await waitForHealth(port)
    expect(health).toEqual({ success: true, data: { status: 'ok', database: serverUrl ? 'postgresql' : 'pglite' } })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)

    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
    try {
      expect(db.appliedMigrations).toEqual([]) // all applied by the server
      expect(await db.prisma.user.count()).toBe(1) // the owner account
    } finally {
      await db.close()
    }
  }, 120_000)
})

describe('npm run db:seed', () => {
  it('migrates a fresh database, seeds the demo site once, and leaves existing content alone', async () => {
    const target = await freshTarget()
    const env = {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'seed@example.com',
      ADMIN_PASSWORD: 'seed-password',
      ...target.env,
    }
    const first = await run(process.execPath, await nodeArgs('seed-cli'), { cwd: serverDir, env })
    expect(first.stdout).toContain(`Seeded demo content into ${serverUrl ? 'postgresql' : 'pglite'}.`)
    const second = await run(process.execPath, await nodeArgs('seed-cli'), { cwd: serverDir, env })
    expect(second.stdout).toContain('already has content')

    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
    try {
      expect(await db.prisma.category.findMany({ select: { slug: true }, orderBy: { id: 'asc' } })).toEqual(
        ['adventure-travel', 'beach-destinations', 'cultural-experiences', 'travel-tips', 'tech', 'lifestyle'].map(
          (slug) => ({ slug }),
        ),
      )
      expect(await db.prisma.tag.count()).toBeGreaterThanOrEqual(10)
      expect(await db.prisma.post.count({ where: { status: 'published' } })).toBeGreaterThanOrEqual(12)
      expect(await db.prisma.post.count({ where: { status: 'draft' } })).toBeGreaterThanOrEqual(2)
      expect(await db.prisma.galleryImage.count({ where: { isPublished: true } })).toBeGreaterThanOrEqual(24)
      expect(await db.prisma.comment.count({ where: { status: 'approved' } })).toBeGreaterThan(0)
      expect(await db.prisma.comment.count({ where: { status: 'pending' } })).toBeGreaterThan(0)
      const post = await db.prisma.post.findFirstOrThrow({ where: { status: 'published' } })
      for (const part of [/<h2>/, /<p>/, /<ul><li>/, /<img src="\/media\/[^"]+" alt="[^"]+"/])
        expect(post.content).toMatch(part)
      expect(await db.prisma.user.findUnique({ where: { email: 'seed@example.com' } })).not.toBeNull()
    } finally {
      await db.close()
    }
  }, 120_000)
})
