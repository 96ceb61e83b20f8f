// `npm run bench`: throughput and latency of the hot public paths on a real server over loopback.
// The server runs in this process on a fresh embedded database in a temp dir, seeded with the demo content;
// requests go through a real socket with a fixed number of concurrent clients for a fixed duration.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../src/config'
import { createServer } from '../src/server'

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)

interface Result {
  name: string
  requests: number
  errors: number
  latenciesMs: number[]
}

async function measure(name: string, url: string): Promise<Result> {
  const result: Result = { name, requests: 0, errors: 0, latenciesMs: [] }
  const deadline = performance.now() + DURATION_MS
  const client = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      const res = await fetch(url)
      await res.arrayBuffer()
      result.latenciesMs.push(performance.now() - started)
      result.requests++
      if (res.status !== 200) result.errors++
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
  return result
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

const dataDir = mkdtempSync(path.join(tmpdir(), 'wayfarer-bench-'))
const app = await createServer({
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', ADMIN_EMAIL: 'bench@wayfarer.test', ADMIN_PASSWORD: 'bench-password' }),
  secretKey: 'bench-secret-key-that-is-at-least-32-chars',
})
try {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const listing = (await (await fetch(`${base}/api/posts?limit=1`)).json()) as { data: { slug: string }[] }
  const [post] = listing.data
  if (!post) throw new Error('the demo content has no published post')
  const targets: [string, string][] = [
    ['GET /api/posts', `${base}/api/posts`],
    ['GET /api/posts?limit=6', `${base}/api/posts?limit=6`],
    ['GET /api/posts?search=island', `${base}/api/posts?search=island`],
    [`GET /api/posts/slug/{slug}`, `${base}/api/posts/slug/${post.slug}`],
    ['GET /blog/{slug} (HTML with SEO head)', `${base}/blog/${post.slug}`],
  ]
  console.log(`${CONCURRENCY} concurrent clients, ${DURATION_MS} ms per path, ${app.deps.databaseKind}\n`)
  console.log('path'.padEnd(42), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-200'.padStart(8))
  for (const [name, url] of targets) {
    await measure(name, url).then(() => undefined) // warm-up pass, not reported
    const r = await measure(name, url)
    const sorted = [...r.latenciesMs].sort((a, b) => a - b)
    console.log(
      name.padEnd(42),
      (r.requests / (DURATION_MS / 1000)).toFixed(0).padStart(8),
      percentile(sorted, 50).toFixed(1).padStart(8),
      percentile(sorted, 99).toFixed(1).padStart(8),
      String(r.errors).padStart(8),
    )
  }
} finally {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}
