import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildManifest, exportArchive, importArchive, LocalImageStore, type AppDeps } from '@wayfarer/api'
import { startTestServer, type TestServer } from '../testing/test-server'
import { seedDemoContent } from '../seed'

let source: TestServer
let dir: string
let archive: string

const storeOf = (server: TestServer) => server.app.deps.imageStore as LocalImageStore

async function imageFiles(root: string, sub = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(path.join(root, sub), { withFileTypes: true }).catch(() => [])) {
    const relative = sub ? `${sub}/${entry.name}` : entry.name
    if (entry.isDirectory()) Object.assign(out, await imageFiles(root, relative))
    else out[relative] = (await readFile(path.join(root, relative))).toString('base64')
  }
  return out
}

async function modesUnder(root: string, sub = ''): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const entry of await readdir(path.join(root, sub), { withFileTypes: true })) {
    const relative = sub ? `${sub}/${entry.name}` : entry.name
    out[relative] = (await stat(path.join(root, relative))).mode & 0o777
    if (entry.isDirectory()) Object.assign(out, await modesUnder(root, relative))
  }
  return out
}

/** Every table as the archive sees it; users (the new site's owner account is its own) by e-mail and name. */
async function snapshot(deps: AppDeps) {
  const { tables } = await buildManifest(deps)
  const emailOf = new Map(tables.users!.map((u) => [u.id, u.email]))
  const byEmail = (id: unknown) => (id === null ? null : emailOf.get(id))
  return {
    ...tables,
    users: tables
      .users!.map(({ id: _id, created_at: _created, ...u }) => u)
      .sort((a, b) => String(a.email).localeCompare(String(b.email))),
    posts: tables.posts!.map((p): Record<string, unknown> => ({ ...p, author_id: byEmail(p.author_id) })),
    comments: tables.comments!.map((c): Record<string, unknown> => ({
      ...c,
      moderated_by_id: byEmail(c.moderated_by_id),
    })),
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-archive-'))
  archive = path.join(dir, 'site.zip')
  source = await startTestServer()
  const deps = source.app.deps
  await seedDemoContent(deps)
  const prisma = deps.prisma
  const author = await prisma.user.findFirstOrThrow()
  await prisma.post.create({
    data: {
      slug: 'later',
      title: 'Later',
      status: 'scheduled',
      publishedAt: new Date(Date.now() + 86_400_000),
      authorId: author.id,
    },
  })
  await prisma.contactMessage.create({
    data: { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Lovely site' },
  })
  await prisma.newsletterSubscriber.create({ data: { email: 'reader@example.com' } })
  await prisma.redirect.create({ data: { fromPath: '/old', toPath: '/blog/later' } })
  await prisma.setting.create({
    data: {
      key: 'ai',
      value: {
        sealedKey: 'v1:secret-box',
        keyHint: '••••1234',
        enabled: true,
        model: 'gemini-1.5-flash',
        maxTokens: 1024,
      },
    },
  })
  await writeFile(archive, 'an older export, readable by all', { mode: 0o644 }) // overwritten, and made private
  await exportArchive(deps, archive)
}, 180_000)
afterAll(async () => {
  await source.close()
  await rm(dir, { recursive: true, force: true })
})

describe('Wayfarer export and import', () => {
  it('into an empty site reproduces every entity and every image byte (secrets left out)', async () => {
    const target = await startTestServer()
    try {
      const report = await importArchive(target.app.deps, archive, { dryRun: false })
      expect(report.counts.posts.created).toBe(await source.database.prisma.post.count())
      const [before, after] = [await snapshot(source.app.deps), await snapshot(target.app.deps)]
      expect(after).toEqual(before)
      expect(JSON.stringify(after)).not.toContain('secret-box')
      expect(await target.database.prisma.setting.findUnique({ where: { key: 'ai' } })).toMatchObject({
        value: { enabled: true, model: 'gemini-1.5-flash', maxTokens: 1024 },
      })
      const images = await imageFiles(storeOf(source).root)
      expect(Object.keys(images).length).toBeGreaterThan(40)
      expect(await imageFiles(storeOf(target).root)).toEqual(images)
      // Private like the rest of DATA_DIR: the zip (it holds e-mail addresses) and every imported file and folder.
      expect((await stat(archive)).mode & 0o777).toBe(0o600)
      expect(new Set(Object.values(await modesUnder(storeOf(target).root)))).toEqual(new Set([0o600, 0o700]))
      // The sequences continue after the restored ids.
      const author = await target.database.prisma.user.findFirstOrThrow()
      const next = await target.database.prisma.post.create({
        data: { slug: 'new-one', title: 'New', authorId: author.id },
      })
      expect(next.id).toBeGreaterThan(Math.max(...before.posts.map((p) => Number(p.id))))
      // Public pages answer as on the old site.
      const slug = String(before.posts.find((p) => p.status === 'published')!.slug)
      expect((await target.app.inject({ method: 'GET', url: `/api/posts/slug/${slug}` })).statusCode).toBe(200)

      const again = await importArchive(target.app.deps, archive, { dryRun: false })
      expect(Object.values(again.counts).every((c) => c.created === 0)).toBe(true)
      expect(await target.database.prisma.post.count()).toBe(before.posts.length + 1)
    } finally {
      await target.close()
    }
  }, 180_000)

  it('into a site with content merges by slug without duplicates; a dry run writes nothing', async () => {
    const target = await startTestServer()
    try {
      const prisma = target.database.prisma
      const author = await prisma.user.findFirstOrThrow()
      const [first] = (await buildManifest(source.app.deps)).tables.posts!
      await prisma.post.create({
        data: {
          slug: String(first!.slug),
          title: 'Already here',
          authorId: author.id,
          status: 'published',
          publishedAt: new Date(),
        },
      })
      const dry = await importArchive(target.app.deps, archive, { dryRun: true })
      expect(dry.dry_run).toBe(true)
      expect(dry.counts.posts).toMatchObject({ existing: 1 })
      expect(await prisma.post.count()).toBe(1)
      const report = await importArchive(target.app.deps, archive, { dryRun: false })
      expect(report.counts.posts.existing).toBe(1)
      const total = await source.database.prisma.post.count()
      expect(await prisma.post.count()).toBe(total)
      expect((await prisma.post.findUniqueOrThrow({ where: { slug: String(first!.slug) } })).title).toBe('Already here')
    } finally {
      await target.close()
    }
  }, 180_000)
})
