// Idle memory of the built server on the demo data: starts `node apps/server/dist/main.js` as `npm start` does
// (with the environment its script sets: the glibc allocator settings, README "Deploying")
// on a fresh DATA_DIR (demo content seeded), waits until it is idle, opens the main pages once, waits until it is
// idle again, and prints the resident set size.
// Usage: node scripts/idle-rss.mjs [PORT]   (extra environment is passed through and wins, e.g. DATABASE_URL)
import { spawn } from 'node:child_process'
import { setTimeout as sleepFor } from 'node:timers/promises'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const port = Number(process.argv[2] ?? 4390)
const dataDir = mkdtempSync(path.join(tmpdir(), 'wf-rss-'))
const sleep = (ms) => sleepFor(ms)
const { fetch } = globalThis
// The NAME=value words of the start script, so this measures what `npm start` runs.
const startEnv = Object.fromEntries(
  [...JSON.parse(readFileSync('package.json', 'utf8')).scripts.start.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [
    m[1],
    m[2],
  ]),
)

async function measure(label) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...startEnv,
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  // Idle means idle: after a first start the server renders the demo photos' sizes in the background for a while
  // after it answers, and a figure taken during that (a fixed 5 s wait did) reads up to twice the idle one.
  const cpuTicks = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(fields[11]) + Number(fields[12]) // utime + stime, in clock ticks (100 a second)
  }
  const untilIdle = async () => {
    let last = cpuTicks()
    for (let quiet = 0, waited = 0; quiet < 4 && waited < 240; waited++) {
      await sleep(500)
      const now = cpuTicks()
      quiet = now - last <= 1 ? quiet + 1 : 0 // at most 10 ms of CPU in half a second
      last = now
    }
  }
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break
      if (i > 900) throw new Error('the server did not start')
      await sleep(200)
    }
    await untilIdle()
    const afterStart = rssMb()
    for (const page of ['/', '/blog', '/gallery', '/about', '/api/posts', '/api/gallery', '/rss.xml', '/sitemap.xml'])
      await fetch(`http://127.0.0.1:${port}${page}`)
    await untilIdle()
    console.log(
      `${label}: idle RSS ${afterStart.toFixed(0)} MB after start, ${rssMb().toFixed(0)} MB after one visit of the main pages`,
    )
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

console.log(`environment from the start script: ${JSON.stringify(startEnv)}`)
try {
  await measure('first start (seeds the demo content)')
  await measure('restart on the demo data')
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
