import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, killStartedServers, startMain, waitForHealth } from './testing/server-process'

afterAll(killStartedServers)

const login = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

describe('npm start on the embedded database', () => {
  it('serves with no configuration, refuses a second process on the same DATA_DIR, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-main-'))
    const port = await freePort()

    const first = startMain({ DATA_DIR: dataDir, PORT: String(port) })
    expect(await waitForHealth(port)).toEqual({ success: true, data: { status: 'ok', database: 'pglite' } })
    const password = /password: (\S+)/.exec(first.output())?.[1]
    expect(password).toBeDefined()
    expect(first.output()).toContain('admin@example.com')

    const second = startMain({ DATA_DIR: dataDir, PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/already in use by another Wayfarer process \(pid \d+\)/)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'wayfarer.pid'))).toBe(false)
    const secretKey = readFileSync(path.join(dataDir, 'secret.key'), 'utf8')

    const again = startMain({ DATA_DIR: dataDir, PORT: String(port) })
    await waitForHealth(port)
    expect((await login(port, 'admin@example.com', password!)).status).toBe(200)
    expect(again.output()).not.toContain('password:') // the account and its password were kept
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8')).toBe(secretKey)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 120_000)

  it('logs one line per request at info, none for static files, and prints the first password last', async () => {
    const port = await freePort()
    const server = startMain({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wf-log-')),
      PORT: String(port),
      LOG_LEVEL: 'info',
    })
    await waitForHealth(port)
    await fetch(`http://127.0.0.1:${port}/api/health?probe=log`)
    await fetch(`http://127.0.0.1:${port}/media/no-such-photo.webp`)
    await fetch(`http://127.0.0.1:${port}/assets/no-such-script.js`)
    await new Promise((r) => setTimeout(r, 300))
    const output = server.output()
    expect(output.split('\n').filter((line) => line.includes('/api/health?probe=log'))).toHaveLength(1)
    expect(output).not.toContain('no-such-photo')
    expect(output).not.toContain('no-such-script')
    expect(output).not.toContain('incoming request')
    // The password box comes after the start-up messages (migrations, seeding, the address line).
    const box = output.indexOf('Wayfarer created the owner account')
    expect(box).toBeGreaterThan(output.indexOf('seeded demo content'))
    expect(box).toBeGreaterThan(output.indexOf('Wayfarer is running at'))
    expect(output.indexOf('seeded demo content')).toBeGreaterThan(-1)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 120_000)

  it('writes the post views it counted when stopped with SIGTERM: they are there after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-views-'))
    const port = await freePort()
    const latest = async () =>
      (
        (await (await fetch(`http://127.0.0.1:${port}/api/posts?limit=1`)).json()) as {
          data: { slug: string; view_count: number }[]
        }
      ).data[0]!

    const first = startMain({ DATA_DIR: dataDir, PORT: String(port) })
    await waitForHealth(port)
    const post = await latest()
    for (let i = 0; i < 5; i++)
      expect((await fetch(`http://127.0.0.1:${port}/api/posts/slug/${post.slug}`)).status).toBe(200)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const again = startMain({ DATA_DIR: dataDir, PORT: String(port) })
    await waitForHealth(port)
    expect((await latest()).view_count).toBe(post.view_count + 5)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 120_000)

  it('stops with a message naming a bad variable', async () => {
    const bad = startMain({ PORT: 'not-a-port' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toMatch(/Invalid configuration:\s+PORT/)
  })
})
