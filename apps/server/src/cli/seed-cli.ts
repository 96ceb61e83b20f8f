// `npm run db:seed`: demo content for the configured database (DATABASE_URL, or the embedded one).
import { DataDirLockedError, openDatabase } from '@wayfarer/db'
import {
  BatchedViewCounter,
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
  type AppDeps,
} from '@wayfarer/api'
import path from 'node:path'
import pino from 'pino'
import { depsConfigOf, loadConfig } from '../config'
import { ensureAdmin, seedDemoContentIfEmpty } from '../seed'
import { resolveSecretKey } from '../secret-key'

const config = loadConfig(process.env)
const log = pino({ level: 'info' })
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir)
  // Seeding takes no requests, so its (unused) limits can live in memory.
  const rateLimitStore = new MemoryRateLimitStore()
  const imageStore = config.cloudinaryUrl
    ? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl))
    : new LocalImageStore(path.join(config.dataDir, 'images'), { cacheRoot: path.join(config.dataDir, 'image-cache') })
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
    // Seeding reads no posts; the counter is never started.
    views: new BatchedViewCounter(prisma, { flushEveryMs: 5_000 }),
  }
  const passwordBox = await ensureAdmin(deps, config, log)
  const seeded = await seedDemoContentIfEmpty(deps, log)
  // The photos' thumbnails are left to the server, which renders them in the background when it starts.
  if (deps.imageStore instanceof LocalImageStore) await deps.imageStore.variants.stop()
  console.log(
    seeded ? `Seeded demo content into ${database.kind}.` : 'The database already has content; nothing seeded.',
  )
  if (passwordBox) process.stdout.write(passwordBox)
  await database.close()
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exitCode = 1
}
