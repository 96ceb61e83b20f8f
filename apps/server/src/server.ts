import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import {
  appRouter,
  CachedVideoSource,
  createYouTubeSource,
  CloudinaryImageStore,
  GeminiTextGenerator,
  LocalImageStore,
  LoginThrottle,
  MAX_IMAGE_BYTES,
  parseCloudinaryUrl,
  RateLimiter,
  type AppDeps,
  type AppRouter,
} from '@wayfarer/api'
import { openDatabase, type Database } from '@wayfarer/db'
import type { ServerConfig } from './config'
import { contextFor } from './context'
import { registerRest } from './rest'
import { registerSpa } from './spa'
import { createHeadResolver } from './seo/page-heads'
import { registerFeeds } from './seo/feeds'
import { registerLocalMedia } from './media-routes'
import { resolveSecretKey } from './secret-key'
import { ensureAdmin, seedDemoContentIfEmpty } from './seed'

export interface ServerOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database
  /** Overrides of the dependencies built from the config (tests: clocks, fakes). */
  deps?: Partial<AppDeps>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes; tests use them to arrange data. */
    deps: AppDeps
  }
}

const defaultWebDist = () => fileURLToPath(new URL('../../web/dist', import.meta.url))

/** Builds the whole application (database, services, HTTP routes) without listening. */
export async function createServer(config: ServerConfig, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
  })
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }))
  if (database.appliedMigrations.length) app.log.info({ migrations: database.appliedMigrations }, 'applied migrations')
  app.addHook('onClose', async () => {
    if (!options.database) await database.close()
  })

  // An in-memory data dir (tests) gets its own throwaway image directory, removed when the server closes.
  const ephemeral = config.dataDir.startsWith('memory://') ? await mkdtemp(path.join(tmpdir(), 'wayfarer-images-')) : undefined
  if (ephemeral) app.addHook('onClose', () => rm(ephemeral, { recursive: true, force: true }))
  const storeRoot = ephemeral ? path.join(ephemeral, 'images') : path.join(config.dataDir, 'images')
  const cacheRoot = ephemeral ? path.join(ephemeral, 'image-cache') : path.join(config.dataDir, 'image-cache')
  const localStore = config.cloudinaryUrl ? undefined : new LocalImageStore(storeRoot, { cacheRoot })
  const imageStore = localStore ?? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl ?? ''))
  const now = options.deps?.now ?? (() => new Date())
  const deps: AppDeps = {
    prisma: database.prisma,
    databaseKind: database.kind,
    config: {
      publicUrl: config.publicUrl,
      secretKey: resolveSecretKey(config.secretKey, config.dataDir),
      sessionTtlMs: config.sessionTtlMs,
    },
    now,
    rateLimiter: new RateLimiter(() => now().getTime()),
    loginThrottle: new LoginThrottle(() => now().getTime()),
    imageStore,
    galleryFolder: config.galleryFolder,
    videoSource: new CachedVideoSource(createYouTubeSource(config.youtube), {
      now: () => now().getTime(),
      onRefreshError: (err) => app.log.warn({ err }, 'YouTube refresh failed; serving cached videos'),
    }),
    textGenerator: new GeminiTextGenerator({ baseUrl: config.geminiBaseUrl }),
    ...options.deps,
  }

  await ensureAdmin(deps, config, app.log)
  if (config.seedDemoContent && database.kind === 'pglite') await seedDemoContentIfEmpty(deps, app.log)

  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 }, throwFileSizeLimit: true })
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => contextFor(deps, req),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, procedure }, 'procedure failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
  registerRest(app, deps)
  if (localStore) await registerLocalMedia(app, localStore, storeRoot)
  registerFeeds(app, deps)
  await registerSpa(app, config.webDistDir ?? defaultWebDist(), createHeadResolver(deps))

  app.decorate('deps', deps)
  return app
}
