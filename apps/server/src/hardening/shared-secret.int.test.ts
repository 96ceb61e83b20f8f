import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '@wayfarer/db'
import { SIGN_IN_LIMITS } from '@wayfarer/api'
import { createEmptyDatabase, createTestDatabase } from '@wayfarer/db/testing'
import { freePort, killStartedServers, startMain, waitForHealth } from '../testing/server-process'
import { SecretKeyMismatchError, secretKeyCheckValue, verifySharedSecretKey } from '../secret-key'

// One secret key for every process on one database (docs/operations.md, "One secret key"). The PostgreSQL pass
// (TEST_DATABASE_URL) starts real server processes; the embedded pass checks the same rule on PGlite in process.
afterAll(killStartedServers)

const KEY_A = 'first-secret-key-of-at-least-32-characters'
const KEY_B = 'other-secret-key-of-at-least-32-characters'

const login = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'o@secret.test', password: 'not-the-password' }),
  })

describe('one secret key for all processes on one database', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
  }, 120_000)
  afterAll(() => db.close())
  beforeEach(async () => {
    await db.prisma.secretKeyCheck.deleteMany()
  })

  it('records the first key, accepts it again, refuses another, and lets the operator adopt a new one', async () => {
    expect(await verifySharedSecretKey(db.prisma, KEY_A, { adopt: false })).toBe('recorded')
    expect(await verifySharedSecretKey(db.prisma, KEY_A, { adopt: false })).toBe('matched')
    await expect(verifySharedSecretKey(db.prisma, KEY_B, { adopt: false })).rejects.toBeInstanceOf(
      SecretKeyMismatchError,
    )
    const [row] = await db.prisma.secretKeyCheck.findMany()
    // A check value only: the key itself is nowhere in the database.
    expect(row?.check).toBe(secretKeyCheckValue(KEY_A))
    expect(row?.check).not.toContain(KEY_A)
    expect(await verifySharedSecretKey(db.prisma, KEY_B, { adopt: true })).toBe('adopted')
    await expect(verifySharedSecretKey(db.prisma, KEY_A, { adopt: false })).rejects.toThrow(/same SECRET_KEY/)
    expect(await verifySharedSecretKey(db.prisma, KEY_B, { adopt: false })).toBe('matched')
  })

  it('records one key when several processes start at once', async () => {
    const outcomes = await Promise.allSettled(
      [KEY_A, KEY_B, KEY_A, KEY_B].map((key) => verifySharedSecretKey(db.prisma, key, { adopt: false })),
    )
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value)
    expect(fulfilled.sort()).toEqual(['matched', 'recorded'])
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(2)
  })

  it('two server processes: another key refuses to start with what to do; the same key shares sign-in counters', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) return // the embedded database is held by one process only (its DATA_DIR lock)
    const empty = await createEmptyDatabase(serverUrl)
    const dataDir = () => mkdtempSync(path.join(tmpdir(), 'wf-secret-'))
    const env = {
      DATABASE_URL: empty.url,
      ADMIN_EMAIL: 'o@secret.test',
      ADMIN_PASSWORD: 'the-owner-password',
      SEED_DEMO_CONTENT: 'false',
    }
    try {
      const [portA, portB, portC] = [await freePort(), await freePort(), await freePort()]
      const first = await startMain({ ...env, SECRET_KEY: KEY_A, PORT: String(portA), DATA_DIR: dataDir() })
      await waitForHealth(portA, first)
      const other = await startMain({ ...env, SECRET_KEY: KEY_B, PORT: String(portB), DATA_DIR: dataDir() })
      // It must stop, not serve: whichever comes first, its exit or its health check answering.
      const outcome = await Promise.race([
        other.exited,
        waitForHealth(portB, other).then(
          () => 'served' as const,
          () => 'stopped' as const,
        ),
      ])
      expect(outcome === 'served' || outcome === 0).toBe(false)
      expect(await other.exited).toBe(1)
      expect(other.output()).toContain('This database was set up by a Wayfarer server with a different secret key')
      expect(other.output()).toContain('set the same SECRET_KEY')
      expect(other.output()).not.toContain(KEY_A)

      const twin = await startMain({ ...env, SECRET_KEY: KEY_A, PORT: String(portC), DATA_DIR: dataDir() })
      await waitForHealth(portC, twin)
      // Wrong passwords alternating between the two processes count together: past the limit, 429.
      const statuses: number[] = []
      for (let i = 0; i <= SIGN_IN_LIMITS.perAddressAccount.max; i++)
        statuses.push((await login(i % 2 === 0 ? portA : portC)).status)
      expect(statuses).toEqual([...Array<number>(SIGN_IN_LIMITS.perAddressAccount.max).fill(401), 429])
      for (const p of [first, twin]) p.child.kill('SIGTERM')
      expect(await Promise.all([first.exited, twin.exited])).toEqual([0, 0])
    } finally {
      await empty.drop()
    }
  }, 240_000)
})
