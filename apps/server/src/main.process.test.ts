import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, killStartedServers, startMain, waitForHealth } from './testing-process'

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

  it('stops with a message naming a bad variable', async () => {
    const bad = startMain({ PORT: 'not-a-port' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toMatch(/Invalid configuration:\s+PORT/)
  })
})
