// `npm run bench:memory`: the memory of what `npm start` and `npm run import` run, as a markdown table.
//   - idle RSS of the built server after its first start on a new DATA_DIR (demo content seeded) and after a second
//     start on the same directory: started as `npm start` starts it (the glibc settings of its script), read once
//     the process has gone idle (after a first start it renders the demo photos' sizes for a while);
//   - the peak RSS and time of `npm run import -- wordpress FILE --no-images` at N generated stories
//     (MEMORY_BENCH_STORIES, default 10,000) into a new DATA_DIR, and into a new database on the PostgreSQL server of
//     TEST_DATABASE_URL when it is set. Into a new DATA_DIR the import has the database made by a short-lived child
//     process first (first-start.ts): its peak is given on its own, since the two never overlap in the work they do.
// The server and the CLI run from the bundle (`npm run build` first, as `npm start` does).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { scriptEnv } from './start-env'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dist = path.join(root, 'apps/server/dist')
const stories = Number(process.env.MEMORY_BENCH_STORIES ?? 10_000)
const postgresUrl = process.env.TEST_DATABASE_URL
const scratch = mkdtempSync(path.join(tmpdir(), 'wf-memory-'))

const startEnv = scriptEnv('start')

const status = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return Number(kb ?? 0) / 1024
  } catch {
    return 0 // gone
  }
}
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12]) // utime + stime, in clock ticks
}
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** Waits until the process has used at most 10 ms of CPU in each of four half-seconds in a row (4 minutes at most). */
async function untilIdle(pid: number): Promise<void> {
  let last = cpuTicks(pid)
  for (let quiet = 0, waited = 0; quiet < 4 && waited < 480; waited++) {
    await sleep(500)
    const now = cpuTicks(pid)
    quiet = now - last <= 1 ? quiet + 1 : 0
    last = now
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve),
  )

/** Starts the built server on `dataDir`, waits until it answers and is idle, and returns its resident set in MB. */
async function idleRss(dataDir: string, port: number): Promise<number> {
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: root,
    env: { ...process.env, ...startEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break
      if (child.exitCode !== null || i > 1500) throw new Error('the server did not start')
      await sleep(200)
    }
    await untilIdle(child.pid!)
    return status(child.pid!, 'VmRSS')
  } finally {
    child.kill('SIGTERM')
    await exited(child)
  }
}

interface ImportRun {
  peakMb: number
  firstStartPeakMb: number
  seconds: number
}

/** Runs the import CLI as `npm run import` does and samples its own and its children's peak RSS. */
async function importRun(file: string, env: Record<string, string>): Promise<ImportRun> {
  const started = Date.now()
  const child = spawn(process.execPath, [path.join(dist, 'transfer-cli.js'), 'wordpress', file, '--no-images'], {
    cwd: root,
    env: { ...process.env, ...scriptEnv('import'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const peaks = new Map<number, number>()
  const done = exited(child)
  while (child.exitCode === null) {
    for (const pid of [child.pid!, ...childrenOf(child.pid!)])
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, status(pid, 'VmHWM')))
    await Promise.race([sleep(100), done])
  }
  if ((await done) !== 0) throw new Error(`the import failed:\n${stderr}`)
  const own = peaks.get(child.pid!) ?? 0
  peaks.delete(child.pid!)
  return { peakMb: own, firstStartPeakMb: Math.max(0, ...peaks.values()), seconds: (Date.now() - started) / 1000 }
}

async function withNewPostgresDatabase<T>(serverUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `wayfarer_memory_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    try {
      return await use(url.toString())
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`
const rows: string[][] = []
try {
  console.error('building (npm run build)…')
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })

  const siteDir = path.join(scratch, 'site')
  console.error('first start (creates the site and seeds the demo content)…')
  rows.push(['idle server, after the first start', mb(await idleRss(siteDir, 4391)), ''])
  console.error('second start…')
  rows.push(['idle server, after a second start', mb(await idleRss(siteDir, 4391)), ''])

  const file = path.join(scratch, 'stories.xml')
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/bench/generate-wxr.ts', String(stories), file], {
    cwd: root,
    stdio: 'ignore',
  })
  const label = `import of ${stories.toLocaleString('en')} stories`
  console.error(`${label} on PGlite…`)
  const embedded = await importRun(file, { DATA_DIR: path.join(scratch, 'import'), DATABASE_URL: '' })
  rows.push([`${label}, PGlite: peak`, mb(embedded.peakMb), `${embedded.seconds.toFixed(1)} s`])
  rows.push(['… its first-start child (creates the database): peak', mb(embedded.firstStartPeakMb), ''])
  if (postgresUrl) {
    console.error(`${label} on PostgreSQL…`)
    const server = await withNewPostgresDatabase(postgresUrl, (url) =>
      importRun(file, { DATA_DIR: path.join(scratch, 'import-pg'), DATABASE_URL: url }),
    )
    rows.push([`${label}, PostgreSQL: peak`, mb(server.peakMb), `${server.seconds.toFixed(1)} s`])
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

console.log('| measure | RSS | time |\n|---|---:|---:|')
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
if (!postgresUrl) console.log('\n(PostgreSQL: set TEST_DATABASE_URL to measure the import there too.)')
