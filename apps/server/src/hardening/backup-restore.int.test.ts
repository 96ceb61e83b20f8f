import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import type { ServerConfig } from '../config'
import { testConfig } from '../testing/test-config'
import { createServer } from '../server'
import { testOwner } from '../testing/test-server'
import { apiFor, testPhoto, type Api } from '../testing/api'
import { nodeArgs } from '../testing/server-process'

// `npm run backup` during a write burst, `npm run restore` into a fresh data dir (or
// an empty PostgreSQL database), and every post, comment, message, setting and image is there and served.
const serverDir = path.resolve(import.meta.dirname, '../..')
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** Runs the CLI exactly as `npm run backup|restore` does. */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const argv = await nodeArgs('backup-cli', ...args)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

async function target(): Promise<{ dataDir: string; databaseUrl: string | undefined; env: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-bk-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return { dataDir, databaseUrl: undefined, env: { DATA_DIR: dataDir } }
  const empty = await createEmptyDatabase(serverUrl, 'wayfarer_backup')
  cleanups.push(() => empty.drop())
  return { dataDir, databaseUrl: empty.url, env: { DATA_DIR: dataDir, DATABASE_URL: empty.url } }
}

const start = (where: { dataDir: string; databaseUrl: string | undefined }) => {
  const config: ServerConfig = {
    ...testConfig({ webDistDir: '/nonexistent', adminEmail: testOwner.email, adminPassword: testOwner.password }),
    dataDir: where.dataDir,
    databaseUrl: where.databaseUrl,
    secretKey: undefined, // generated into DATA_DIR/secret.key, so the archive must carry it
  }
  return createServer(config)
}

const uploadPhoto = async (owner: Api, background: string): Promise<string> =>
  (
    await owner.upload('/api/gallery/upload?folder=trips', {
      bytes: await testPhoto({ width: 640, height: 480, background }),
      filename: 'p.jpg',
    })
  ).json().data.url

describe('backup and restore', () => {
  it('backs up while writes go on and restores everything into a fresh target, served by a new server', async () => {
    const source = await target()
    const app = await start(source)
    cleanups.push(() => app.close())
    const api = apiFor(app)
    const owner = await api.asOwner()

    // Content of every kind.
    const images = [await uploadPhoto(owner, '#a33'), await uploadPhoto(owner, '#3a3')]
    const settings = await owner.post('/api/settings/ai', {
      geminiApiKey: 'AIza-test-key-1234567890',
      enabled: true,
      model: 'gemini-2.5-flash',
      maxTokens: 1024,
    })
    expect(settings.statusCode).toBe(200)
    const post = await owner.post('/api/posts', {
      title: 'Backed-up story',
      content: `<p>With a photo</p><img src="${images[0]}" />`,
      status: 'published',
      featured_image: images[1],
    })
    const postId = (post.json() as { data: { id: number } }).data.id
    const comment = await api.post(
      '/api/comments/submit',
      {
        post_id: postId,
        author_name: 'Reader',
        author_email: 'r@example.com',
        content: 'A comment worth keeping safe.',
      },
      { remoteAddress: '10.80.0.1' },
    )
    expect(comment.statusCode).toBe(200)
    const commentId = (await app.deps.prisma.comment.findFirstOrThrow()).id
    await owner.post('/api/comments/moderate', { comment_id: commentId, action: 'approve' })

    // A write burst runs while the backup is taken.
    const acknowledged: string[] = []
    let bursting = true
    const burst = (async () => {
      for (let i = 0; bursting && i < 400; i++) {
        const subject = `Burst message ${i}`
        const res = await api.post(
          '/api/contact',
          { name: 'Burst', email: 'b@example.com', subject, message: 'Written during the backup.' },
          { remoteAddress: `10.81.${i >> 8}.${i & 255}` },
        )
        if (res.statusCode === 200) acknowledged.push(subject)
      }
    })()
    await new Promise((r) => setTimeout(r, 300))
    const beforeBackup = [...acknowledged]
    if (!source.databaseUrl) await app.listen({ port: 0, host: '127.0.0.1' }) // the control socket is already up; listening is what a real server does

    const archive = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}.tar.gz`)
    cleanups.push(() => rmSync(archive, { force: true }))
    const backup = await cli(['backup', archive], source.env)
    bursting = false
    await burst
    expect(backup.output).toContain('Backup written to')
    expect(backup.code).toBe(0)
    expect(statSync(archive).mode & 0o077).toBe(0)
    expect(beforeBackup.length).toBeGreaterThan(0)

    // Restore into a fresh data directory (and an empty PostgreSQL database in the PostgreSQL pass).
    const fresh = await target()
    const restored = await cli(['restore', archive], fresh.env)
    expect(restored.output).toMatch(/Restored \d+ rows in \d+ tables and 4 image files/)
    expect(restored.code).toBe(0)
    // Restoring again into the now non-empty target is refused.
    const again = await cli(['restore', archive], fresh.env)
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/not empty|already holds a database/)

    const copy = await start(fresh)
    cleanups.push(() => copy.close())
    const copyApi = apiFor(copy)
    const copyOwner = await copyApi.asOwner() // the owner account came along

    const story = await copyApi.get('/api/posts/slug/backed-up-story')
    expect(story.statusCode).toBe(200)
    const comments = await copyApi.get(`/api/comments/post/${postId}`)
    expect(
      (comments.json() as { data: { comments: { content: string }[] } }).data.comments.map((c) => c.content),
    ).toEqual(['A comment worth keeping safe.'])
    const inbox = await copyOwner.get('/api/contact/admin?limit=100&page=1')
    const subjects = (inbox.json() as { data: { messages: { subject: string }[] } }).data.messages.map((m) => m.subject)
    const total = (inbox.json() as { data: { pagination: { total: number } } }).data.pagination.total
    expect(subjects.length).toBeGreaterThan(0)
    expect(total).toBeGreaterThanOrEqual(beforeBackup.length)
    // A consistent snapshot: the restored messages are exactly a prefix of what was acknowledged.
    const restoredSubjects = new Set(
      (await copy.deps.prisma.contactMessage.findMany({ select: { subject: true } })).map((m) => m.subject),
    )
    const prefix = acknowledged.filter((s) => restoredSubjects.has(s))
    expect(prefix).toEqual(acknowledged.slice(0, prefix.length))
    for (const subject of beforeBackup) expect(restoredSubjects.has(subject), subject).toBe(true)
    // The sealed AI key opens with the restored secret key.
    const ai = await copyOwner.get('/api/settings/ai')
    expect(ai.json()).toMatchObject({
      data: { hasApiKey: true, enabled: true, model: 'gemini-2.5-flash', maxTokens: 1024 },
    })
    // Images: the originals and their derived sizes are served.
    for (const url of images) {
      expect((await copyApi.get(url)).statusCode, url).toBe(200)
      expect((await copyApi.get(url.replace('/media/', '/media/thumb/'))).statusCode).toBe(200)
    }
    // New rows continue after the restored ids (sequences came along).
    const another = await copyOwner.post('/api/posts', { title: 'After the restore', content: '<p>New</p>' })
    expect(another.statusCode).toBe(200)
  }, 240_000)
})
