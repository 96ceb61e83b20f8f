// One Wayfarer server for the benchmark, started by bench/run.ts in its own process (so the load generator
// does not share its event loop): builds the server from this checkout's source on a fresh data dir (PGlite)
// or database (DATABASE_URL), fills it with the generated data set, listens on an ephemeral loopback port and
// reports what to request over IPC. "stop" closes it cleanly (views flushed, database closed).
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { loadConfig } from '../src/config'
import { createServer } from '../src/server'
import {
  BENCH_TRACKED_TRIP,
  BENCH_TRIP,
  generateBenchTrip,
  generateDataset,
  generateTrackedTrip,
  writeBenchPhotos,
} from './dataset'

export interface BenchTargets {
  port: number
  database: string
  posts: number
  published: number
  /** A published post in the middle of the list. */
  slug: string
  postId: number
  /** The 100-day trip (100 stories, 2,000 photos, 50,000 route points). */
  tripSlug: string
  /** The live trip with BENCH_TRACK_POINTS tracked points (50,000), and the OwnTracks tokens to check in with. */
  trackedTrip: { slug: string; points: number; tokens: string[] }
  /** The owner's bearer token, for the admin-save path. */
  token: string
  /** Milliseconds the data set took to generate. */
  generatedInMs: number
  /** Whether the public-read cache is on (PUBLIC_CACHE). */
  cache: boolean
  /** Every published story's slug, newest first: the crawler rows ask for each once. */
  publishedSlugs: string[]
  /** Milliseconds the blog search's index took to read every published story (before the first search). */
  searchIndexMs: number
  /** Milliseconds the places pages' data and the world map's clusters took to make. */
  placesMs: number
  /** Megabytes of the server's heap once both are read, after a collection. */
  heapMb: number
  /** Milliseconds it took to make every published story's kept page and REST answer (0 with the cache off). */
  renderMs: number
}

export const BENCH_OWNER = { email: 'bench@wayfarer.test', password: 'bench-password-1' }

const env = process.env
const posts = Number(env.BENCH_POSTS ?? 100)
const trackPoints = Number(env.BENCH_TRACK_POINTS ?? 50_000)
const config = loadConfig({
  DATA_DIR: env.BENCH_DATA_DIR ?? 'memory://',
  DATABASE_URL: env.BENCH_DATABASE_URL,
  LOG_LEVEL: 'warn',
  PORT: '0',
  ADMIN_EMAIL: BENCH_OWNER.email,
  ADMIN_PASSWORD: BENCH_OWNER.password,
  SEED_DEMO_CONTENT: 'false',
  // The write paths vary X-Forwarded-For so the per-visitor comment limit sees many visitors.
  TRUST_PROXY: 'true',
  WEB_DIST_DIR: env.BENCH_WEB_DIST_DIR,
  SECRET_KEY: 'bench-secret-key-that-is-at-least-32-chars',
  PUBLIC_CACHE: env.PUBLIC_CACHE,
  // The mail row (bench/mail.ts) sends through its own SMTP server on loopback.
  SMTP_URL: env.BENCH_SMTP_URL,
})

const app = await createServer(config)
const started = Date.now()
const existing = await app.deps.prisma.post.count()
const summary = existing
  ? { posts: existing, published: await app.deps.prisma.post.count({ where: { status: 'published' } }) }
  : await generateDataset(app.deps.prisma, posts)
// A data set in memory (the PostgreSQL rows) has no image directory to fill: its pictures stay 404s, which no row asks for.
if (env.BENCH_DATA_DIR) await writeBenchPhotos(path.join(env.BENCH_DATA_DIR, 'images'))
if (!(await app.deps.prisma.trip.count({ where: { slug: BENCH_TRIP.slug } }))) await generateBenchTrip(app.deps.prisma)
await app.deps.prisma.trip.deleteMany({
  where: { OR: [{ slug: BENCH_TRACKED_TRIP.slug }, { slug: { startsWith: 'bench-tracker-' } }] },
})
const trackedTrip = await generateTrackedTrip(app.deps.prisma, trackPoints, app.deps.now())
// Fresh statistics, as autovacuum would have them on a real site, so the planner sees the data set's size.
await app.deps.prisma.$executeRaw`ANALYZE`
// The search index and the places pages' data (with the world map's clusters) are read before the first answer,
// as a visitor's first search or a crawler's visit to /sitemap.xml would: the rows are measured with them in
// memory, as on a site being read.
const indexing = Date.now()
await app.deps.postSearch.refresh()
const searchIndexMs = Date.now() - indexing
const placing = Date.now()
;(await app.deps.places.index.current()).map({
  bbox: [-180, -85, 180, 85],
  zoom: 2,
  max_zoom: 18,
  category: undefined,
  trip: undefined,
})
const placesMs = Date.now() - placing
// What the server then holds: after two collections (--expose-gc), with the event loop turned in between.
for (let i = 0; i < 2; i++) {
  await new Promise((resolve) => setTimeout(resolve, 50))
  ;(globalThis as { gc?: () => void }).gc?.()
}
const heapMb = process.memoryUsage().heapUsed / 1_048_576
const generatedInMs = Date.now() - started
await app.listen({ host: '127.0.0.1', port: 0 })
// Every story's page and REST answer are made once the server is ready (and again after each change): the rows
// measure the site as it stands once they are, as a visitor a moment after a write would find it.
const rendering = Date.now()
await app.renderedPages?.settled()
const renderMs = Date.now() - rendering

const middle = await app.deps.prisma.post.findFirstOrThrow({
  where: { status: 'published' },
  orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
  skip: Math.floor(summary.published / 2),
  select: { id: true, slug: true },
})
const publishedSlugs = (
  await app.deps.prisma.post.findMany({
    where: { status: 'published' },
    orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    select: { slug: true },
  })
).map((p) => p.slug)
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_OWNER })
const token = (login.json() as { data: { token: string } }).data.token

const targets: BenchTargets = {
  port: (app.server.address() as AddressInfo).port,
  database: app.deps.databaseKind,
  posts: summary.posts,
  published: summary.published,
  slug: middle.slug,
  postId: middle.id,
  tripSlug: BENCH_TRIP.slug,
  trackedTrip: { ...trackedTrip, points: trackPoints },
  token,
  generatedInMs,
  cache: config.publicCache,
  publishedSlugs,
  searchIndexMs,
  placesMs,
  heapMb,
  renderMs,
}
process.send?.({ type: 'ready', targets })

process.on('message', (message: unknown) => {
  const followers = (message as { type?: string; count?: number }).type === 'followers' ? message : undefined
  if (followers) void addFollowers((followers as { count: number }).count)
  if (message !== 'stop') return
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
})

/** The mail row's confirmed followers of every story, added in chunks (one statement each). */
async function addFollowers(count: number) {
  const now = new Date()
  for (let from = 0; from < count; from += 1000)
    await app.deps.prisma.newsletterSubscriber.createMany({
      data: Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
        email: `follower-${from + i}@bench.test`,
        status: 'confirmed' as const,
        confirmedAt: now,
        source: 'import',
      })),
      skipDuplicates: true,
    })
  process.send?.({ type: 'followers', count: await app.deps.prisma.newsletterSubscriber.count() })
}
