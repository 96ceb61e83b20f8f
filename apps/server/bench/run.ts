// `npm run bench`: how many requests per second the hot paths of Wayfarer serve on this machine, and how that
// compares with a bare Fastify hello-world measured in the same run (so a busy or slow machine shows up in
// both numbers and the ratio stays meaningful).
//
// For each data-set size (100 and 10,000 stories) and each database (PGlite; PostgreSQL too when
// TEST_DATABASE_URL or DATABASE_URL is set) a server and a hello-world run in their own processes; autocannon
// (50 connections) runs here. Each round measures hello-world, then every path in turn; the table shows the
// median over rounds of req/s, p50 and p99, the errors of all rounds, and the median of each round's ratio
// to that round's hello-world.
//
// Environment: BENCH_QUICK=1 (3 s, one round, 100 stories: for development), BENCH_DURATION (seconds per
// measurement, default 10), BENCH_ROUNDS (3), BENCH_SIZES ("100,10000"), BENCH_CONNECTIONS (50),
// BENCH_DATABASES ("pglite,postgresql"), BENCH_PATHS (a regular expression choosing paths by name),
// BENCH_JSON (a file to write every measurement to), PUBLIC_CACHE=false (measure with the public-read cache off),
// BENCH_TRACK_POINTS (the tracked trip's points, default 50,000), BENCH_DATA_DIRS (a folder where each size's
// PGlite data set is kept between runs: made by the first run, reused by the next, which saves generating 100,000
// stories; the rows' writes, comments and views, stay in it).
// The rows "every story once" and "distinct searches" ask each URL once in the whole run (a crawler, readers
// searching for different things): what the public-read cache cannot answer, printed beside the cached rows;
// their p99 is also printed without each connection's first request, which waits to be accepted (see `measure`).
// Each data set also prints how long the blog search's index took to read every published story, how long the
// places pages' data took to make, and the server's heap once both are held (the rows run with them in memory).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { createEmptyDatabase } from '@wayfarer/db/testing'
import type { BenchTargets } from './server-process'
import { distinctSearches } from './dataset'
import { start, stop, webDist } from './processes'
import { startMailBench } from './mail'

const env = process.env
const quick = env.BENCH_QUICK === '1'
const settings = {
  durationS: Number(env.BENCH_DURATION ?? (quick ? 3 : 10)),
  rounds: Number(env.BENCH_ROUNDS ?? (quick ? 1 : 3)),
  sizes: (env.BENCH_SIZES ?? (quick ? '100' : '100,10000')).split(',').map(Number),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  databases: (env.BENCH_DATABASES ?? 'pglite,postgresql').split(','),
  paths: env.BENCH_PATHS ? new RegExp(env.BENCH_PATHS) : undefined,
}
const postgresServer = env.TEST_DATABASE_URL ?? env.DATABASE_URL

/** Browsers ask for compressed answers; so does the benchmark. */
const browserHeaders = { 'accept-encoding': 'br, gzip, deflate', accept: '*/*' }

interface BenchPath {
  name: string
  /** Skipped (with the reason) when it returns a string. */
  skip?: (t: BenchTargets) => Promise<string | undefined>
  request: (t: BenchTargets, phase: 'warm-up' | 'measure') => autocannon.Options
  /** Load run at the same time (half the connections each); its req/s is shown beside the row's. */
  alongside?: (t: BenchTargets) => autocannon.Options
}

function get(
  name: string,
  url: (t: BenchTargets) => string,
  options: { needsWeb?: boolean; uncached?: boolean } = {},
): BenchPath {
  // A request with an Authorization header is never answered from (nor kept in) the public-read cache, and a public
  // procedure ignores it: the row measures the whole uncached answer.
  const headers = options.uncached ? { ...browserHeaders, authorization: 'Bearer bench-uncached' } : browserHeaders
  return {
    name,
    skip: async (t) => {
      if (options.needsWeb && !existsSync(path.join(webDist, 'index.html'))) return 'no web build (npm run build)'
      const res = await fetch(`http://127.0.0.1:${t.port}${url(t)}`)
      await res.arrayBuffer()
      return res.status === 200 ? undefined : `answers ${res.status} on this code`
    },
    request: (t) => ({ url: `http://127.0.0.1:${t.port}${url(t)}`, headers }),
  }
}

/**
 * A path asked with a different URL on every request, each URL once in the whole run (warm-up and rounds take
 * their own slices of the list): a crawler walking every story, readers searching for different things. The
 * public-read cache never answers these, which is the point of the rows: they measure what a first visit costs.
 * `warmUp` and `perRound` (at most) bound the requests, so a slow path still ends in reasonable time.
 */
function eachOnce(
  name: string,
  urls: (t: BenchTargets) => string[],
  options: { needsWeb?: boolean; warmUp: number; perRound: number },
): BenchPath {
  let list: string[] = []
  let next = 0
  let forTargets: BenchTargets | undefined
  const perRound = () => Math.min(options.perRound, Math.floor((list.length - options.warmUp) / settings.rounds))
  return {
    name,
    skip: async (t) => {
      if (options.needsWeb && !existsSync(path.join(webDist, 'index.html'))) return 'no web build (npm run build)'
      list = urls(t)
      next = 0
      forTargets = t
      return perRound() < settings.connections ? `only ${list.length} distinct URLs` : undefined
    },
    request: (t, phase) => {
      if (forTargets !== t) throw new Error(`${name}: skip() prepares the list first`)
      const amount = phase === 'warm-up' ? options.warmUp : perRound()
      const end = next + amount
      return {
        url: `http://127.0.0.1:${t.port}`,
        headers: browserHeaders,
        amount,
        requests: [
          {
            method: 'GET',
            // Requests beyond the slice (autocannon may start a few more than `amount`) repeat its last URL.
            setupRequest: (req) => ({ ...req, path: list[Math.min(next++, end - 1)]! }),
          },
        ],
      }
    },
  }
}

/** Distinct searches for the each-once row, more than a run can ask. */
const searches = distinctSearches(6_000)

const cardsInput = (input: Record<string, unknown>) =>
  `/trpc/posts.cards?input=${encodeURIComponent(JSON.stringify(input))}`

const paths: BenchPath[] = [
  get('GET /api/posts?limit=6', () => '/api/posts?limit=6'),
  get('GET /api/posts/slug/{slug}', (t) => `/api/posts/slug/${t.slug}`),
  get('GET /blog/{slug} (HTML + head)', (t) => `/blog/${t.slug}`, { needsWeb: true }),
  eachOnce(
    'GET /blog/{slug}, every story once (crawler)',
    (t) => t.publishedSlugs.map((slug) => `/blog/${encodeURIComponent(slug)}`),
    { needsWeb: true, warmUp: 200, perRound: 9_000 },
  ),
  eachOnce(
    'GET /api/posts?search=…&limit=6, distinct searches',
    () => searches.map((q) => `/api/posts?search=${encodeURIComponent(q)}&limit=6`),
    { warmUp: 50, perRound: 1_500 },
  ),
  // After the searches: each answer counts a view, and the views of thousands of stories are written in the
  // seconds after the row (on the embedded database 30–140 ms of its thread per 100 stories), which the next row
  // would pay for.
  eachOnce(
    'GET /api/posts/slug/{slug}, every story once',
    (t) => t.publishedSlugs.map((slug) => `/api/posts/slug/${encodeURIComponent(slug)}`),
    { warmUp: 200, perRound: 9_000 },
  ),
  get('GET /trpc/posts.cards (page 1)', () => cardsInput({ limit: 12 })),
  get('GET /api/posts?search=island&limit=6', () => '/api/posts?search=island&limit=6'),
  get('GET /trpc/posts.cards?search=island', () => cardsInput({ search: 'island', limit: 12 })),
  // Every story with its body, written as it is read and never kept (63 MB at 10,000 stories): each request reads
  // every published story. At 50 connections some pass the load generator's 10 s timeout (counted as errors):
  // read it as "the server stays up and answers", not as a rate anyone should see.
  get('GET /api/posts (all, bodies)', () => '/api/posts'),
  get('GET /api/health (database round trip)', () => '/api/health'),
  // The 100-day trip: 100 stories, 2,000 photos, 50,000 route points.
  get('GET /trips/{slug} (HTML + head, 100-day trip)', (t) => `/trips/${t.tripSlug}`, { needsWeb: true }),
  get('GET /api/trips/{slug} (100-day trip)', (t) => `/api/trips/${t.tripSlug}`),
  get('GET /trips/{slug} (uncached)', (t) => `/trips/${t.tripSlug}`, { needsWeb: true, uncached: true }),
  get('GET /api/trips/{slug} (uncached)', (t) => `/api/trips/${t.tripSlug}`, { uncached: true }),
  // The live trip: 50,000 tracked points (BENCH_TRACK_POINTS), drawn as its track.
  get('GET /trips/{slug} (HTML + head, tracked trip)', (t) => `/trips/${t.trackedTrip.slug}`, { needsWeb: true }),
  get('GET /api/trips/{slug} (tracked trip)', (t) => `/api/trips/${t.trackedTrip.slug}`),
  get('GET /trips/{slug} (tracked trip, uncached)', (t) => `/trips/${t.trackedTrip.slug}`, {
    needsWeb: true,
    uncached: true,
  }),
  get('GET /api/trips/{slug} (tracked trip, uncached)', (t) => `/api/trips/${t.trackedTrip.slug}`, {
    uncached: true,
  }),
  ownTracksCheckIns(),
  get('GET /api/places/map (world, zoom 2)', () => '/api/places/map?bbox=-180,-85,180,85&zoom=2'),
  get(
    'GET /trpc/places.map (Europe, zoom 5)',
    () => `/trpc/places.map?input=${encodeURIComponent(JSON.stringify({ bbox: [-12, 35, 30, 62], zoom: 5 }))}`,
  ),
  {
    name: 'POST /api/comments/submit',
    request: (t) => {
      let n = 0
      return {
        url: `http://127.0.0.1:${t.port}`,
        requests: [
          {
            method: 'POST',
            path: '/api/comments/submit',
            setupRequest: (req) => {
              n++
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
                body: JSON.stringify({
                  post_id: t.postId,
                  author_name: 'Bench Reader',
                  author_email: 'reader@example.com',
                  content: `Benchmark comment number ${n} ${Date.now()}, thanks for the story!`,
                }),
              }
            },
          },
        ],
      }
    },
  },
  {
    name: 'PUT /api/posts/{id} (admin save)',
    request: (t) => {
      let n = 0
      return {
        url: `http://127.0.0.1:${t.port}`,
        requests: [
          {
            method: 'PUT',
            path: `/api/posts/${t.postId}`,
            setupRequest: (req) => {
              n++
              return {
                ...req,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
                body: JSON.stringify({
                  title: 'A story the benchmark keeps editing',
                  excerpt: 'Edited by the benchmark.',
                  content: `<h2>Revision ${n}</h2><p>${'The road kept climbing into the clouds. '.repeat(100)}</p>`,
                  status: 'published',
                }),
              }
            },
          },
        ],
      }
    },
  },
]

/**
 * OwnTracks check-ins (HTTP mode, on the tokens in turn, each recorded as it is sent, as a phone's live points
 * are: private for the trip's delay, so they leave the public-read cache alone) while visitors read the tracked
 * trip's page: the write path and the public reads it shares the server with.
 */
function ownTracksCheckIns(): BenchPath {
  let n = 0
  return {
    name: 'POST /api/track/owntracks (check-ins while GET /api/trips/{slug} runs)',
    request: (t) => ({
      url: `http://127.0.0.1:${t.port}`,
      requests: [
        {
          method: 'POST',
          path: '/api/track/owntracks',
          setupRequest: (req) => {
            n++
            const token = t.trackedTrip.tokens[n % t.trackedTrip.tokens.length]!
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Basic ${Buffer.from(`bench:${token}`).toString('base64')}`,
              },
              body: JSON.stringify({
                _type: 'location',
                lat: -50.3 + (n % 100) / 10_000,
                lon: -72.3,
                tst: Math.floor(Date.now() / 1000),
              }),
            }
          },
        },
      ],
    }),
    alongside: (t) => ({ url: `http://127.0.0.1:${t.port}/api/trips/${t.trackedTrip.slug}`, headers: browserHeaders }),
  }
}

interface Measurement {
  alongsideReqPerSec?: number
  reqPerSec: number
  p50: number
  p99: number
  /** A bounded run's p99 without each connection's first request (see `measure`). */
  p99Open?: number
  errors: number
}

/**
 * Waits until the server has worked off what the previous measurement left in flight (a slow path keeps it
 * busy after autocannon stops), so that it does not count against the next path.
 */
async function settle(port: number): Promise<void> {
  const deadline = Date.now() + 120_000
  let quick = 0
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
    await res?.arrayBuffer()
    quick = res?.ok && performance.now() - started < 50 ? quick + 1 : 0
    if (quick < 2) await new Promise((r) => setTimeout(r, 100))
  }
}

async function measure(
  options: autocannon.Options,
  settlePort?: number,
  alongside?: autocannon.Options,
): Promise<Measurement> {
  const connections = alongside ? Math.max(1, Math.floor(settings.connections / 2)) : settings.connections
  // A bounded run (each URL once) is timed from its start to its last answer: autocannon ends one only at its next
  // one-second tick and reports that as its duration, so a run of 0.6 s would count as 1 s.
  const started = performance.now()
  let answered = 0
  let lastAnswer = started
  // Its answers' times on connections already open: a connection's first request is sent before the connection is
  // accepted, and a busy server accepts one connection per turn of its event loop (ARCHITECTURE.md, "Reading and
  // search"), so at a row's start those wait for the server's turns, not for their own answers. autocannon sets up
  // each connection's first request as it makes the connection, so those are the first `connections` set up; the
  // context is the request's own (autocannon clears it between requests).
  let setUp = 0
  const onOpen: number[] = []
  const timed = options.amount
    ? {
        ...options,
        requests: (options.requests ?? [{}]).map((r) => ({
          ...r,
          setupRequest: (req: autocannon.Request, context: object) => {
            Object.assign(context, { sentAt: performance.now(), first: setUp++ < connections })
            return typeof r.setupRequest === 'function' ? r.setupRequest(req, context) : req
          },
          onResponse: (_status: number, _body: string, context: object) => {
            answered++
            lastAnswer = performance.now()
            const { sentAt, first } = context as { sentAt: number; first: boolean }
            if (!first) onOpen.push(lastAnswer - sentAt)
          },
        })),
      }
    : options
  const [result, other] = await Promise.all([
    autocannon({ connections, duration: settings.durationS, ...timed }),
    alongside ? autocannon({ connections, duration: settings.durationS, ...alongside }) : undefined,
  ])
  if (settlePort) await settle(settlePort)
  onOpen.sort((a, b) => a - b)
  return {
    ...(other ? { alongsideReqPerSec: other.requests.average } : {}),
    reqPerSec: options.amount
      ? answered / ((lastAnswer - started) / 1000)
      : // A timed run: requests over its duration (the per-second average drops a last partial second).
        result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ...(onOpen.length ? { p99Open: Math.round(onOpen[Math.floor(onOpen.length * 0.99)]!) } : {}),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

interface Row {
  path: string
  reqPerSec: number
  p50: number
  p99: number
  p99Open?: number
  errors: number
  ratio: number | undefined
  note?: string
}

async function benchOne(size: number, database: string): Promise<{ title: string; rows: Row[] } | undefined> {
  let dataDir: string | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  const childEnv: Record<string, string | undefined> = {
    BENCH_POSTS: String(size),
    BENCH_TRACK_POINTS: env.BENCH_TRACK_POINTS,
    BENCH_WEB_DIST_DIR: webDist,
    PUBLIC_CACHE: env.PUBLIC_CACHE,
  }
  if (database === 'postgresql') {
    if (!postgresServer) return undefined
    const created = await createEmptyDatabase(postgresServer, 'wayfarer_bench')
    dropDatabase = created.drop
    childEnv.BENCH_DATABASE_URL = created.url
  } else if (env.BENCH_DATA_DIRS) {
    childEnv.BENCH_DATA_DIR = path.join(env.BENCH_DATA_DIRS, `pglite-${size}`)
    mkdirSync(childEnv.BENCH_DATA_DIR, { recursive: true })
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'wayfarer-bench-'))
    childEnv.BENCH_DATA_DIR = dataDir
  }
  const mail = await startMailBench((name) => !settings.paths || settings.paths.test(name), settings)
  const server = await start<BenchTargets>('server-process.ts', { ...childEnv, ...mail?.env })
  const hello = await start<{ port: number }>('hello-world.ts', {})
  const t = server.ready
  const title =
    `${t.published.toLocaleString('en')} published of ${t.posts.toLocaleString('en')} stories, ${t.database}, ` +
    `public-read cache ${t.cache ? 'on' : 'off'} (data set generated in ${(t.generatedInMs / 1000).toFixed(1)} s)`
  console.log(`\n## ${title}\n`)
  console.log(
    `The blog search's index read every published story in ${(t.searchIndexMs / 1000).toFixed(1)} s, the places ` +
      `pages' data and world clusters were made in ${(t.placesMs / 1000).toFixed(1)} s; the server's heap then ` +
      `held ${t.heapMb.toFixed(0)} MB.`,
  )
  if (t.cache)
    console.log(
      `Every published story's page and REST answer were made and kept in ${(t.renderMs / 1000).toFixed(1)} s.`,
    )
  console.log('')
  try {
    const chosen = paths.filter((p) => !settings.paths || settings.paths.test(p.name))
    const active: BenchPath[] = []
    const rows: Row[] = []
    for (const p of chosen) {
      const reason = await p.skip?.(t)
      if (reason)
        rows.push({
          path: p.name,
          reqPerSec: 0,
          p50: 0,
          p99: 0,
          errors: 0,
          ratio: undefined,
          note: `skipped: ${reason}`,
        })
      else active.push(p)
    }
    const helloOptions: autocannon.Options = { url: `http://127.0.0.1:${hello.ready.port}/`, headers: browserHeaders }
    // Warm-up: JIT, connection pools, caches.
    await autocannon({ ...helloOptions, connections: settings.connections, duration: 1 })
    for (const p of active) {
      await autocannon({ connections: settings.connections, duration: 1, ...p.request(t, 'warm-up') })
      await settle(t.port)
    }

    const perPath = new Map<string, { m: Measurement; ratio: number }[]>()
    const helloRuns: Measurement[] = []
    for (let round = 1; round <= settings.rounds; round++) {
      const base = await measure(helloOptions)
      helloRuns.push(base)
      process.stdout.write(`round ${round}: hello-world ${base.reqPerSec.toFixed(0)} req/s`)
      for (const p of active) {
        const m = await measure(p.request(t, 'measure'), t.port, p.alongside?.(t))
        perPath.set(p.name, [...(perPath.get(p.name) ?? []), { m, ratio: m.reqPerSec / base.reqPerSec }])
        // Each measurement as it ends, so a long run shows its progress (and what it had, if stopped).
        process.stdout.write(`\n  ${p.name}: ${m.reqPerSec.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`)
        if (m.p99Open !== undefined) process.stdout.write(` (${m.p99Open} ms on open connections)`)
        if (m.alongsideReqPerSec !== undefined)
          process.stdout.write(`, reads alongside ${m.alongsideReqPerSec.toFixed(0)} req/s`)
      }
      process.stdout.write('\n')
    }
    const summarise = (name: string, runs: { m: Measurement; ratio: number | undefined }[]): Row => ({
      path:
        runs[0]?.m.alongsideReqPerSec === undefined
          ? name
          : `${name}; reads alongside ${median(runs.map((r) => r.m.alongsideReqPerSec ?? 0)).toFixed(0)} req/s`,
      reqPerSec: median(runs.map((r) => r.m.reqPerSec)),
      p50: median(runs.map((r) => r.m.p50)),
      p99: median(runs.map((r) => r.m.p99)),
      ...(runs[0]?.m.p99Open === undefined ? {} : { p99Open: median(runs.map((r) => r.m.p99Open ?? 0)) }),
      errors: runs.reduce((n, r) => n + r.m.errors, 0),
      ratio: runs[0]?.ratio === undefined ? undefined : median(runs.map((r) => r.ratio ?? 0)),
    })
    const table = [
      summarise(
        'hello-world (bare Fastify)',
        helloRuns.map((m) => ({ m, ratio: undefined })),
      ),
      ...chosen.map((p) => rows.find((r) => r.path === p.name) ?? summarise(p.name, perPath.get(p.name) ?? [])),
    ]
    printTable(table)
    await mail?.run(t, server.child)
    return { title, rows: table }
  } finally {
    await Promise.all([stop(server.child), stop(hello.child), mail?.close()])
    await dropDatabase?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

function printTable(rows: Row[]) {
  console.log('\n| path | req/s | p50 ms | p99 ms | p99 ms, open connections | errors | vs hello-world |')
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const r of rows) {
    if (r.note) {
      console.log(`| ${r.path} | ${r.note} | | | | | |`)
      continue
    }
    const ratio = r.ratio === undefined ? '100 %' : `${(r.ratio * 100).toFixed(r.ratio < 0.1 ? 1 : 0)} %`
    console.log(
      `| ${r.path} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.p99Open ?? ''} | ${r.errors} | ${ratio} |`,
    )
  }
}

console.log(
  `# Wayfarer benchmark: ${settings.connections} connections, ${settings.durationS} s per measurement, ${settings.rounds} round(s)` +
    (postgresServer ? '' : ' (PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL)'),
)
const results = []
for (const size of settings.sizes) {
  for (const database of settings.databases) {
    const result = await benchOne(size, database)
    if (result) results.push({ size, database, ...result })
  }
}
if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify({ settings, results }, null, 2))
