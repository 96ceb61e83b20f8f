import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import { freePort, killStartedServers, startMain, waitForHealth } from '../testing/server-process'
import { eventually, startSmtpSink } from '../testing/smtp-sink'

// A real server process killed with SIGKILL while it mails a story to its followers, then started again: every
// follower gets the story once. The PGlite pass restarts one process on the same data; the PostgreSQL pass
// (TEST_DATABASE_URL) restarts two processes on the one database, which finish the send together.
afterAll(killStartedServers)

const FOLLOWERS = 200
const KILL_AFTER = 60
const owner = { email: 'owner@crash.test', password: 'the-owner-password' }
const serverUrl = process.env.TEST_DATABASE_URL

/** The owner's REST calls to one process. */
async function ownerOf(port: number) {
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const json = (await res.json()) as { success: boolean; data: never }
    if (!json.success) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
    return json.data
  }
  const { token } = await call('POST', '/api/auth/login', undefined, owner)
  return {
    post: <T>(url: string, body: unknown) => call('POST', url, token, body) as Promise<T>,
    get: <T>(url: string) => call('GET', url, token) as Promise<T>,
  }
}

interface SendStatus {
  pending: number
  sending: number
  sent: number
  failed: number
}

describe('a server killed mid-send', () => {
  it(`mails each of ${FOLLOWERS} followers once across a SIGKILL (${serverUrl ? 'PostgreSQL, two processes after' : 'embedded database'})`, async () => {
    const smtp = await startSmtpSink()
    const empty = serverUrl ? await createEmptyDatabase(serverUrl, 'wayfarer_mailcrash') : undefined
    const dataDirs: string[] = []
    const start = async () => {
      const dataDir = empty || !dataDirs[0] ? mkdtempSync(path.join(tmpdir(), 'wf-mailcrash-')) : dataDirs[0]
      dataDirs.push(dataDir)
      const port = await freePort()
      const server = await startMain({
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO_CONTENT: 'false',
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SECRET_KEY: 'mail-crash-secret-key-of-32-characters',
        SMTP_URL: smtp.url,
        MAIL_CHECK_SECONDS: '1',
        // Short, so the restarted process takes over the killed one's mails without a minute's wait; the live
        // senders renew theirs, so even a slow send on a busy machine keeps its mail.
        MAIL_LEASE_SECONDS: '6',
        ...(empty ? { DATABASE_URL: empty.url } : {}),
      })
      await waitForHealth(port, server)
      return { port, server }
    }
    try {
      const first = await start()
      const api = await ownerOf(first.port)
      const csv = ['email,subscribed_to_emails']
      for (let i = 0; i < FOLLOWERS; i++) csv.push(`crash${i}@example.com,true`)
      expect(await api.post('/api/newsletter/subscribers/import', { csv: csv.join('\n') })).toMatchObject({
        confirmed: FOLLOWERS,
      })
      const story = await api.post<{ id: number }>('/api/posts', {
        title: 'Over The Pass',
        content: '<p>Snow.</p>',
        status: 'published',
      })
      const status = (a: typeof api) => a.get<SendStatus>(`/api/newsletter/posts/${story.id}`)

      // Mid-send: the SMTP server stops answering, so the mails in flight wait for their acceptance while every
      // mail it did accept is recorded as sent. Then the process dies.
      await eventually(() => smtp.received.length >= KILL_AFTER)
      smtp.hold()
      await eventually(async () => {
        const now = await status(api)
        return smtp.held === now.sending && now.sent === smtp.received.length && now.sending > 0
      })
      const inFlight = smtp.held
      const acceptedBefore = smtp.received.length
      first.server.child.kill('SIGKILL')
      expect(await first.server.exited).toBeNull()
      // The server drops what it never acknowledged, so those followers have nothing yet.
      await eventually(() => smtp.dropped === inFlight)
      smtp.release()
      expect(acceptedBefore).toBeLessThan(FOLLOWERS)

      const restarted = empty ? await Promise.all([start(), start()]) : [await start()]
      const apis = await Promise.all(restarted.map((r) => ownerOf(r.port)))
      await eventually(async () => (await status(apis[0]!)).sent === FOLLOWERS, 120_000)

      const perAddress = new Map<string, number>()
      for (const mail of smtp.received)
        for (const to of [mail.to].flat())
          for (const v of to?.value ?? []) perAddress.set(v.address!, (perAddress.get(v.address!) ?? 0) + 1)
      expect(perAddress.size).toBe(FOLLOWERS)
      expect([...perAddress.entries()].filter(([, n]) => n !== 1)).toEqual([])
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(FOLLOWERS)
      expect(smtp.received).toHaveLength(FOLLOWERS)
      expect(await status(apis[0]!)).toMatchObject({ pending: 0, sending: 0, sent: FOLLOWERS, failed: 0 })
      for (const r of restarted) {
        r.server.child.kill('SIGTERM')
        expect(await r.server.exited).toBe(0)
      }
    } finally {
      await smtp.close()
      await empty?.drop()
      for (const dir of new Set(dataDirs)) rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
})
