// `npm run bench:fsync`: what durable embedded storage costs. Inserts the same rows into two PGlite data dirs
// on this disk, one as PGlite ships (fsync off) and one as Wayfarer opens it (fsync on through DurableNodeFS),
// interleaved in rounds so both see the same machine load, and prints commits/s, ms per commit and fsync calls.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'
import { DurableNodeFS, durabilityStats, durableStartParams } from '../src/durable-fs'

const ROWS_PER_ROUND = Number(process.env.ROWS ?? 100)
const ROUNDS = Number(process.env.ROUNDS ?? 3)

async function open(durable: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), durable ? 'wf-fsync-on-' : 'wf-fsync-off-'))
  const pglite = durable
    ? await PGlite.create({ fs: new DurableNodeFS(dir), startParams: durableStartParams() })
    : await PGlite.create({ fs: new NodeFS(dir) })
  await pglite.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)')
  return { pglite, dir }
}

const off = await open(false)
const on = await open(true)
const totals = { off: 0, on: 0 }
const fsyncsBefore = durabilityStats.fsyncs
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, db] of [
    ['off', off],
    ['on', on],
  ] as const) {
    const started = process.hrtime.bigint()
    for (let i = 0; i < ROWS_PER_ROUND; i++)
      await db.pglite.query('INSERT INTO notes (body) VALUES ($1)', [`note ${round}-${i}`])
    totals[name] += Number(process.hrtime.bigint() - started) / 1e6
  }
}
const commits = ROWS_PER_ROUND * ROUNDS
const fsyncs = durabilityStats.fsyncs - fsyncsBefore
for (const db of [off, on]) {
  await db.pglite.close()
  rmSync(db.dir, { recursive: true, force: true })
}
const line = (name: string, ms: number) =>
  `${name.padEnd(28)} ${(commits / (ms / 1000)).toFixed(0).padStart(7)} commits/s  ${(ms / commits).toFixed(2).padStart(7)} ms/commit`
console.log(`\nPGlite single-row INSERT commits, ${commits} each, ${ROUNDS} interleaved rounds`)
console.log(line('fsync off (PGlite default)', totals.off))
console.log(line('fsync on (Wayfarer)', totals.on))
console.log(
  `fsync calls with fsync on: ${fsyncs} (${(fsyncs / commits).toFixed(2)} per commit); cost ${(totals.on / totals.off).toFixed(1)}× the time per commit\n`,
)
