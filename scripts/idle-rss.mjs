// Idle memory of the built server on the demo data: starts `node apps/server/dist/main.js` as `npm start` does
// (with the environment its script sets: the glibc allocator settings, README "Deploying")
// on a fresh DATA_DIR (demo content seeded), opens the main pages once, waits, and prints the resident set size.
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
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break
      if (i > 900) throw new Error('the server did not start')
      await sleep(200)
    }
    await sleep(5000)
    const afterStart = rssMb()
    for (const page of ['/', '/blog', '/gallery', '/about', '/api/posts', '/api/gallery', '/rss.xml', '/sitemap.xml'])
      await fetch(`http://127.0.0.1:${port}${page}`)
    await sleep(5000)
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
