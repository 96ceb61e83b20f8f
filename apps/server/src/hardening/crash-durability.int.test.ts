import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { openDatabase } from '@wayfarer/db'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import { freePort, killStartedServers, startMain, waitForHealth } from '../testing/server-process'

// Writes under load, SIGKILL in the middle of the burst, restart: every write the
// server acknowledged is there. Three rounds on the embedded database and three on PostgreSQL.
afterAll(killStartedServers)
const ROUNDS = 3

/** Contact messages from many visitors (one per address, behind TRUST_PROXY), 8 in flight at a time. */
async function burst(port: number, round: number, stopAfter: number, kill: () => void): Promise<number[]> {
  const acknowledged: number[] = []
  let sent = 0
  let killed = false
  const worker = async () => {
    while (!killed) {
      const n = sent++
      const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${round}.${n >> 8}.${n & 255}` },
        body: JSON.stringify({
          name: 'Load',
          email: 'load@example.com',
          subject: `Round ${round} #${n}`,
          message: 'Durable?',
        }),
      }).catch(() => null)
      if (res?.status === 200) acknowledged.push(((await res.json()) as { data: { id: number } }).data.id)
      if (acknowledged.length >= stopAfter && !killed) {
        killed = true
        kill() // mid-burst: the other workers' requests are in flight
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return acknowledged
}

/** The acknowledged ids that are stored, read straight from the database the killed server used. */
async function storedIds(dataDir: string, databaseUrl: string | undefined): Promise<Set<number>> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client.query<{ id: number }>('SELECT id FROM contact_messages')
    await client.end()
    return new Set(rows.map((r) => r.id))
  }
  // The lock left by the killed process is taken over.
  const database = await openDatabase({ dataDir })
  const rows = await database.prisma.contactMessage.findMany({ select: { id: true } })
  await database.close()
  return new Set(rows.map((m) => m.id))
}

// The PGlite pass runs it on the embedded database, the PostgreSQL pass (TEST_DATABASE_URL) on PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL

describe('crash durability', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs mid-burst (${serverUrl ? 'PostgreSQL' : 'embedded database'})`, async () => {
    const empty = serverUrl ? await createEmptyDatabase(serverUrl, 'wayfarer_crash') : undefined
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-crash-'))
    try {
      const acknowledged: number[] = []
      for (let round = 1; round <= ROUNDS; round++) {
        const port = await freePort()
        const server = await startMain({
          DATA_DIR: dataDir,
          PORT: String(port),
          TRUST_PROXY: '1',
          SEED_DEMO_CONTENT: 'false',
          ...(empty ? { DATABASE_URL: empty.url } : {}),
        })
        await waitForHealth(port)
        const before = acknowledged.length
        acknowledged.push(...(await burst(port, round, 60, () => server.child.kill('SIGKILL'))))
        expect(await server.exited).toBeNull() // killed, not exited
        expect(acknowledged.length - before).toBeGreaterThanOrEqual(60)
      }
      const stored = await storedIds(dataDir, empty?.url)
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
    } finally {
      await empty?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 300_000)
})
