import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase, type DatabaseKind } from '@wayfarer/db'
import {
  BatchedViewCounter,
  computeEveryTime,
  CloudinaryImageStore,
  createPlacesDeps,
  GeminiTextGenerator,
  createYouTubeSource,
  LocalImageStore,
  LoginThrottle,
  MemoryRateLimitStore,
  parseCloudinaryUrl,
  RateLimiter,
  withSanitizedPostContent,
  PostSearchIndex,
  type AppDeps,
} from '@wayfarer/api'
import { depsConfigOf, type ServerConfig } from '../config'
import { resolveSecretKey } from '../secret-key'
import { ensureAdmin, seedDemoContentIfEmpty } from './index'

/**
 * Outside a running server (`npm run db:seed`, a new site's first start): opens the configured database (creating
 * and migrating it when new), makes sure the owner account exists and, with `demo`, seeds the demo site when the
 * database has no content; then closes it. Returns the owner's one-time password box for the caller to show.
 */
export async function seedStandalone(
  config: ServerConfig,
  log: FastifyBaseLogger,
  demo: boolean,
): Promise<{ kind: DatabaseKind; seeded: boolean; passwordBox: string | null }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const secretKey = resolveSecretKey(config.secretKey, config.dataDir)
    // Seeding takes no requests, so its (unused) limits can live in memory.
    const rateLimitStore = new MemoryRateLimitStore()
    const imageStore = config.cloudinaryUrl
      ? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl))
      : new LocalImageStore(path.join(config.dataDir, 'images'), {
          cacheRoot: path.join(config.dataDir, 'image-cache'),
        })
    // Written through the same sanitising client as the server's.
    const prisma = withSanitizedPostContent(database.prisma)
    const deps: AppDeps = {
      prisma,
      databaseKind: database.kind,
      config: depsConfigOf(config, secretKey),
      now: () => new Date(),
      rateLimitStore,
      rateLimiter: new RateLimiter(rateLimitStore),
      loginThrottle: new LoginThrottle(rateLimitStore, Date.now, secretKey),
      // The same store the server would use, so seeded photos land where the gallery looks for them.
      imageStore,
      galleryFolder: config.galleryFolder,
      videoSource: createYouTubeSource(config.youtube),
      textGenerator: new GeminiTextGenerator({ baseUrl: config.geminiBaseUrl }),
      places: createPlacesDeps(database.prisma, imageStore, {
        precision: config.locationPrecision,
        tiles: config.mapTiles ?? null,
      }),
      // Seeding searches and reads no posts; the counter is never started.
      postSearch: new PostSearchIndex(prisma),
      remember: computeEveryTime,
      views: new BatchedViewCounter(prisma, { flushEveryMs: 5_000 }),
    }
    const passwordBox = await ensureAdmin(deps, config, log)
    const seeded = demo && (await seedDemoContentIfEmpty(deps, log))
    // The photos' common sizes are rendered here too, before the server starts: left to it, they were rendered
    // in the background while its first visitors waited for theirs (the browser tests' first pages timed out).
    if (deps.imageStore instanceof LocalImageStore) await deps.imageStore.variants.idle()
    return { kind: database.kind, seeded, passwordBox }
  } finally {
    await database.close()
  }
}
