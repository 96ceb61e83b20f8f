import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify'
import multipart from '@fastify/multipart'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import {
  appRouter,
  BatchedViewCounter,
  CachedVideoSource,
  createYouTubeSource,
  CloudinaryImageStore,
  createPlacesDeps,
  findRedirect,
  PostScheduler,
  GeminiTextGenerator,
  ImportJobs,
  LocalImageStore,
  LoginThrottle,
  MailWorker,
  createMailTransport,
  MAX_IMAGE_BYTES,
  MAX_TRPC_BATCH,
  parseCloudinaryUrl,
  publicSiteSettingsOf,
  RateLimiter,
  TrackReleases,
  PostSearchIndex,
  withSanitizedPostContent,
  type AppDeps,
  type AppRouter,
  type Remember,
  type PublishedByScheduler,
} from '@wayfarer/api'
import { openDatabase, type Database } from '@wayfarer/db'
import { depsConfigOf, type ServerConfig } from './config'
import { contextFor } from './http/context'
import { registerRest } from './rest'
import { registerSpa } from './http/spa'
import { createHeadResolver } from './seo/page-heads'
import { registerFeeds } from './seo/feeds'
import { registerLocalMedia } from './media/media-routes'
import { registerTransferRoutes } from './http/transfer-routes'
import { registerTrackRoutes } from './http/track-routes'
import { registerNewsletterRoutes } from './http/newsletter-routes'
import { registerRequestLog } from './http/request-log'
import { warmPublishedVariants } from './media/warm-variants'
import { resolveSecretKey, verifySharedSecretKey } from './secret-key'
import { ensureAdmin, seedDemoContentIfEmpty } from './seed'
import { ErrorBoundary } from './http/error-boundary'
import { httpLimits } from './http/http-limits'
import { guardTrpcBatches } from './http/trpc-batch-guard'
import { registerSecurityHeaders } from './http/security-headers'
import { registerCompression } from './http/compression'
import { invalidatingWrites, PUBLIC_CACHE_CHANNEL, PublicCache } from './cache/public-cache'
import { RenderedPages, renderSignature } from './cache/rendered-pages'
import { startControlSocket } from './backup/control-socket'
import { backupSources } from './backup/sources'
import { createRateLimitStore, startHousekeeping } from './housekeeping'

export interface ServerOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database
  /** Overrides of the dependencies built from the config (tests: clocks, fakes). */
  deps?: Partial<AppDeps>
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream
  /** Sees every route as it is registered (the fuzz suite derives its targets from what the server serves). */
  onRoute?: (route: RouteOptions) => void
  /** Told about every post the scheduler publishes (tests count them across servers). */
  onScheduledPublish?: (posts: PublishedByScheduler[]) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes; tests use them to arrange data. */
    deps: AppDeps
    /** The first start's owner password, boxed for the terminal; main prints it once listening. */
    passwordBox: string | null
    /** Story pages kept ready (with the public-read cache on): the bench and tests wait for them. */
    renderedPages: RenderedPages | undefined
    /** The public-read cache: tests wait for the first views it makes again after a change. */
    publicCache: PublicCache
  }
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies may name the client (proxy-addr's own rule). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/** How often counted post views are written to the database. */
const VIEW_FLUSH_MS = 5_000
/** How long a kept public answer lives at most; writes drop it at once (in every process). */
const PUBLIC_CACHE_TTL_MS = 60_000

const defaultWebDist = () => fileURLToPath(new URL('../../web/dist', import.meta.url))

/** Uploads waiting for their import live in DATA_DIR/import-uploads; what a previous run left there is removed. */
async function importJobsFor(
  app: FastifyInstance,
  root: string,
  config: Pick<ServerConfig, 'importMaxMb' | 'locationPrecision' | 'galleryFolder'>,
): Promise<ImportJobs> {
  const dir = path.join(root, 'import-uploads')
  await rm(dir, { recursive: true, force: true })
  const jobs = new ImportJobs({
    dir,
    maxBytes: config.importMaxMb.upload * 1024 * 1024,
    photos: { precision: config.locationPrecision, galleryFolder: config.galleryFolder },
    onUnexpectedError: (err) => app.log.error({ err }, 'import failed'),
  })
  app.addHook('preClose', () => jobs.close())
  return jobs
}

/** Every process on one PostgreSQL database must hold the same key (secret-key.ts); a mismatch stops start-up. */
async function checkSharedSecretKey(
  app: FastifyInstance,
  database: Database,
  secretKey: string,
  config: ServerConfig,
  ownsDatabase: boolean,
): Promise<void> {
  try {
    const outcome = await verifySharedSecretKey(database.prisma, secretKey, { adopt: config.adoptSecretKey })
    if (outcome === 'adopted')
      app.log.warn('ADOPT_SECRET_KEY: this key is now the database key; remove the setting before the next start')
  } catch (error) {
    if (ownsDatabase) await database.close()
    throw error
  }
}

const BUSY_REQUESTS_PER_SECOND = 20

/**
 * The outbox's worker (docs/followers.md). It writes through the database's own client, not the one that drops
 * the public-read cache: sending changes nothing visitors see, and a send must not slow their reads down.
 */
function startMailWorker(
  app: FastifyInstance,
  deps: AppDeps,
  config: ServerConfig,
  database: Database,
  outboxDir: string,
) {
  const from = config.mail.from
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? new URL(config.publicUrl).hostname
  // The site counts as busy for a second after more than BUSY_REQUESTS_PER_SECOND requests came in within one
  // (an owner's screen polling a send's progress is not a crowd). Node's own request event also sees the answers
  // the public-read cache gives before Fastify's hooks run.
  let windowStart = 0
  let inWindow = 0
  let busyUntil = 0
  app.server.on('request', () => {
    const now = Date.now()
    if (now - windowStart >= 1000) [windowStart, inWindow] = [now, 0]
    if (++inWindow > BUSY_REQUESTS_PER_SECOND) busyUntil = now + 1000
  })
  const worker = new MailWorker({
    prisma: database.prisma,
    transport: createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      outboxDir,
      dkim: config.mail.dkim ? { ...config.mail.dkim, domain } : undefined,
    }),
    now: deps.now,
    publicUrl: config.publicUrl,
    secretKey: deps.config.secretKey,
    from,
    checkEveryMs: config.mail.checkEveryMs,
    retryBaseMs: config.mail.retryBaseMs,
    leaseMs: config.mail.leaseMs,
    siteBusy: () => Date.now() < busyUntil,
    onError: (err) => app.log.error({ err }, 'mail outbox failed'),
  })
  deps.mail ??= worker
  app.addHook('onReady', async () => worker.start())
  app.addHook('preClose', async () => worker.stop())
}

/** Builds the whole application (database, services, HTTP routes) without listening. */
export async function createServer(config: ServerConfig, options: ServerOptions = {}): Promise<FastifyInstance> {
  const errorBoundary = new ErrorBoundary()
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // One line per request instead of Fastify's two, and static files only at debug (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    frameworkErrors: errorBoundary.frameworkErrors,
    ...httpLimits(config),
  })
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  errorBoundary.register(app)
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }))
  if (database.appliedMigrations.length) app.log.info({ migrations: database.appliedMigrations }, 'applied migrations')
  // Before any statement is planned: an imported site's first start would otherwise read it with guessed sizes.
  const analysed = await database.refreshStatistics()
  if (analysed.length) app.log.info({ tables: analysed }, 'made the planner statistics of grown tables')
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir)
  if (database.kind === 'postgresql') await checkSharedSecretKey(app, database, secretKey, config, !options.database)
  // Hits are answered before the security headers; misses are kept with them (CSP included), before compression.
  const now = options.deps?.now ?? (() => new Date())
  const publicCache = new PublicCache({ ttlMs: PUBLIC_CACHE_TTL_MS, now: () => now().getTime() })
  if (config.publicCache) publicCache.registerLookup(app)
  await registerSecurityHeaders(app, config)
  if (config.publicCache) publicCache.registerStore(app)
  await registerCompression(app)
  // A write in any process on this database drops every process's cache (LISTEN/NOTIFY; one process on PGlite).
  // A process's own notification comes back to it too, some time after its write already cleared its cache: it
  // is told apart by the sender's id and ignored, or it would drop answers computed after the write.
  const sender = randomUUID()
  const stopListening = config.publicCache
    ? await database.listen(PUBLIC_CACHE_CHANNEL, {
        onNotify: (from) => {
          if (from !== sender) publicCache.clear()
        },
        onConnection: (up) => {
          publicCache.setSuspended(!up)
          app.log[up ? 'info' : 'warn'](
            up
              ? 'listening for cache changes again'
              : 'lost the database connection that hears cache changes; public-read cache suspended',
          )
        },
      })
    : undefined
  publicCache.onInvalidate = () => {
    if (stopListening)
      database
        .notify(PUBLIC_CACHE_CHANNEL, sender)
        .catch((err: unknown) => app.log.warn({ err }, 'could not tell other processes about a change'))
  }
  // Every write of a post's HTML goes through the sanitiser, whoever writes it; reads serve it as stored. Every
  // write visitors could see clears the public-read cache.
  const prisma = invalidatingWrites(withSanitizedPostContent(database.prisma), publicCache)
  // Each batch of view counts drops the cache too (one recomputation per answer every few seconds at most), so
  // the counts visitors see are never more than a batch behind; the kept story pages add them to the stored
  // counts they hold and need nothing made again. Written past the invalidating client for that reason.
  let renderedPages: RenderedPages | undefined
  const views = new BatchedViewCounter(database.prisma, {
    flushEveryMs: VIEW_FLUSH_MS,
    onError: (err) => app.log.warn({ err }, 'could not write post views; keeping them for the next attempt'),
    onWritten: (written) => {
      renderedPages?.viewsWritten(written)
      publicCache.invalidate(true)
    },
  })
  app.addHook('onClose', async () => {
    // After in-flight requests are done: the views they counted are written before the database closes.
    await views.stop()
    await stopListening?.()
    if (!options.database) await database.close()
  })

  // An in-memory data dir (tests) gets its own throwaway image directory, removed when the server closes.
  const ephemeral = config.dataDir.startsWith('memory://')
    ? await mkdtemp(path.join(tmpdir(), 'wayfarer-images-'))
    : undefined
  if (ephemeral) app.addHook('onClose', () => rm(ephemeral, { recursive: true, force: true }))
  const storeRoot = ephemeral ? path.join(ephemeral, 'images') : path.join(config.dataDir, 'images')
  const cacheRoot = ephemeral ? path.join(ephemeral, 'image-cache') : path.join(config.dataDir, 'image-cache')
  const localStore = config.cloudinaryUrl
    ? undefined
    : new LocalImageStore(storeRoot, {
        cacheRoot,
        onBadSidecar: (file, problem) =>
          app.log.warn({ file, problem }, 'skipped an image whose sidecar is unreadable'),
      })
  if (localStore) app.addHook('onClose', () => localStore.variants.stop())
  if (!ephemeral && database.kind === 'pglite')
    await startControlSocket(app, database, backupSources(config), config.dataDir)
  const imageStore = localStore ?? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl ?? ''))
  // Tracked points go public as time passes, with no write: no cached answer outlives the next one's moment.
  const trackReleases = new TrackReleases(database.prisma, () => now().getTime())
  // A point public on arrival (a backlog from a phone that was offline) changes the map and every cached answer.
  trackReleases.onReleased = () => {
    deps.places.index.invalidate()
    publicCache.invalidate()
  }
  // A point recorded after answers were kept goes public before the moment they were kept until.
  trackReleases.onEarlier = (at) => publicCache.boundFreshness(at)
  publicCache.freshUntil = () => trackReleases.freshUntil()
  // Known before the first answer is kept (a read that fails leaves it unknown: nothing is kept until one succeeds).
  await trackReleases.read()
  const rateLimitStore = options.deps?.rateLimitStore ?? createRateLimitStore(database)
  const remember: Remember = (key, compute) => publicCache.remember(key, compute)
  const deps: AppDeps = {
    prisma,
    databaseKind: database.kind,
    config: depsConfigOf(config, secretKey),
    now,
    rateLimitStore,
    rateLimiter: new RateLimiter(rateLimitStore, () => now().getTime()),
    loginThrottle: new LoginThrottle(rateLimitStore, () => now().getTime(), secretKey),
    imageStore,
    galleryFolder: config.galleryFolder,
    videoSource: new CachedVideoSource(createYouTubeSource(config.youtube), {
      now: () => now().getTime(),
      onRefreshError: (err) => app.log.warn({ err }, 'YouTube refresh failed; serving cached videos'),
    }),
    textGenerator: new GeminiTextGenerator({ baseUrl: config.geminiBaseUrl }),
    places: createPlacesDeps(database.prisma, imageStore, {
      precision: config.locationPrecision,
      tiles: config.mapTiles ?? null,
      now: () => now().getTime(),
    }),
    postSearch: new PostSearchIndex(prisma, remember),
    remember,
    views,
    importJobs: await importJobsFor(app, ephemeral ?? config.dataDir, config),
    trackReleases,
    ...options.deps,
  }
  const scheduler = new PostScheduler({
    prisma: deps.prisma,
    now: deps.now,
    checkEveryMs: config.scheduleCheckMs,
    onPublished: (posts) => {
      publicCache.invalidate()
      deps.mail?.wake()
      app.log.info({ posts: posts.map((p) => p.id) }, `published ${posts.length} scheduled post(s)`)
      options.onScheduledPublish?.(posts)
    },
    onError: (err) => app.log.error({ err }, 'scheduled publishing failed'),
  })
  deps.scheduler ??= scheduler
  app.addHook('onReady', async () => scheduler.start())
  app.addHook('preClose', async () => scheduler.stop())
  startMailWorker(app, deps, config, database, path.join(ephemeral ?? config.dataDir, 'outbox'))
  views.start()

  app.decorate('passwordBox', await ensureAdmin(deps, config, app.log))
  startHousekeeping(app, deps, database)
  if (config.seedDemoContent && database.kind === 'pglite') await seedDemoContentIfEmpty(deps, app.log)
  if (localStore) await warmPublishedVariants(deps, localStore, app.log)

  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 },
    throwFileSizeLimit: true,
  })
  guardTrpcBatches(app, appRouter)
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ req }) => contextFor(deps, req),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
  registerRequestLog(app)
  registerRest(app, deps)
  registerTransferRoutes(app, deps)
  registerTrackRoutes(app, deps)
  registerNewsletterRoutes(app, deps)
  if (localStore) await registerLocalMedia(app, localStore, storeRoot)
  registerFeeds(app, deps)
  errorBoundary.pages = await registerSpa(
    app,
    config.webDistDir ?? defaultWebDist(),
    // Every page's head carries the site settings: read once per change, not once per page.
    createHeadResolver(deps, () => deps.remember('site-settings', () => publicSiteSettingsOf(deps))),
    (url, isRealPage) => findRedirect(deps.prisma, url, isRealPage),
  )

  // Story pages and answers made after each change and kept in the database, asked on a cache miss.
  if (config.publicCache) {
    const indexFile = path.join(config.webDistDir ?? defaultWebDist(), 'index.html')
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined
    const pages = new RenderedPages({
      prisma: database.prisma,
      app,
      views,
      pages: indexHtml !== undefined,
      filesDir: path.join(ephemeral ?? config.dataDir, 'pages'),
      // One process holds the embedded database, so it can know what is current without asking on every visit.
      holdsCurrent: database.kind === 'pglite',
      log: app.log,
      signature: renderSignature({
        indexHtml,
        // What shapes a story's head and headers besides its data (never a secret).
        settings: [config.publicUrl, Boolean(config.cloudinaryUrl), config.youtube.baseUrl, config.mapTiles ?? null],
      }),
    })
    publicCache.stored = pages
    publicCache.onClear = () => pages.changed()
    // The pages a visitor or a crawler most often arrives on besides a story, and what feed readers poll.
    publicCache.warmAfterChanges(app, ['/', '/blog', '/trips', '/map', '/gallery', '/rss.xml', '/sitemap.xml'])
    app.addHook('onReady', async () => pages.start())
    app.addHook('preClose', async () => pages.stop())
    renderedPages = pages
  }
  app.decorate('renderedPages', renderedPages)
  app.decorate('publicCache', publicCache)
  app.decorate('deps', deps)
  return app
}
