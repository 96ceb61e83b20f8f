import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, killStartedServers, startMain, waitForHealth } from './testing/server-process'

afterAll(killStartedServers)

const login = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

// One data directory through the life of a site: the first start (migrations, owner account, demo content), a
// second process refused while it runs, a SIGTERM, a restart on the same data. The checks share these processes
// because each start on a fresh directory seeds the demo site, which is most of this file's time; they run in order.
describe('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-main-'))
  let port: number
  let first: Awaited<ReturnType<typeof startMain>>
  let viewsBefore: number
  let slug: string
  const latest = async () =>
    (
      (await (await fetch(`http://127.0.0.1:${port}/api/posts?limit=1`)).json()) as {
        data: { slug: string; view_count: number }[]
      }
    ).data[0]!

  beforeAll(async () => {
    port = await freePort()
    first = await startMain({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' })
    expect(await waitForHealth(port, first)).toEqual({ success: true, data: { status: 'ok', database: 'pglite' } })
  }, 120_000)

  it('serves with no configuration, logs one line per request at info, none for static files, and prints the first password last', async () => {
    await fetch(`http://127.0.0.1:${port}/api/health?probe=log`)
    await fetch(`http://127.0.0.1:${port}/media/no-such-photo.webp`)
    await fetch(`http://127.0.0.1:${port}/assets/no-such-script.js`)
    await new Promise((r) => setTimeout(r, 300))
    const output = first.output()
    expect(output).toContain('admin@example.com')
    expect(output.split('\n').filter((line) => line.includes('/api/health?probe=log'))).toHaveLength(1)
    expect(output).not.toContain('no-such-photo')
    expect(output).not.toContain('no-such-script')
    expect(output).not.toContain('incoming request')
    // The password box comes after the start-up messages (migrations, seeding, the address line).
    const box = output.indexOf('Wayfarer created the owner account')
    expect(box).toBeGreaterThan(output.indexOf('seeded demo content'))
    expect(box).toBeGreaterThan(output.indexOf('Wayfarer is running at'))
    expect(output.indexOf('seeded demo content')).toBeGreaterThan(-1)
  })

  it('refuses a second process on the same DATA_DIR', async () => {
    const second = await startMain({ DATA_DIR: dataDir, PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/already in use by another Wayfarer process \(pid \d+\)/)
  }, 120_000)

  it('writes the post views it counted when stopped with SIGTERM, and keeps data across restarts', async () => {
    const password = /password: (\S+)/.exec(first.output())?.[1]
    expect(password).toBeDefined()
    ;({ slug, view_count: viewsBefore } = await latest())
    for (let i = 0; i < 5; i++)
      expect((await fetch(`http://127.0.0.1:${port}/api/posts/slug/${slug}`)).status).toBe(200)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'wayfarer.pid'))).toBe(false)
    const secretKey = readFileSync(path.join(dataDir, 'secret.key'), 'utf8')

    const again = await startMain({ DATA_DIR: dataDir, PORT: String(port) })
    await waitForHealth(port, again)
    expect(await latest()).toMatchObject({ slug, view_count: viewsBefore + 5 })
    expect((await login(port, 'admin@example.com', password!)).status).toBe(200)
    expect(again.output()).not.toContain('password:') // the account and its password were kept
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8')).toBe(secretKey)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 120_000)

  it('stops with a message naming a bad variable', async () => {
    const bad = await startMain({ PORT: 'not-a-port' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toMatch(/Invalid configuration:\s+PORT/)
  })
})
