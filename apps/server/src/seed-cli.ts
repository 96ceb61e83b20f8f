// `npm run db:seed`: demo content for the configured database (DATABASE_URL, or the embedded one).
import { DataDirLockedError, openDatabase } from '@wayfarer/db'
import { CloudinaryImageStore, GeminiTextGenerator, createYouTubeSource, LocalImageStore, LoginThrottle, parseCloudinaryUrl, RateLimiter, type AppDeps } from '@wayfarer/api'
import path from 'node:path'
import pino from 'pino'
import { loadConfig } from './config'
import { ensureAdmin, seedDemoContentIfEmpty } from './seed'
import { resolveSecretKey } from './secret-key'

const config = loadConfig(process.env)
const log = pino({ level: 'info' })
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const deps: AppDeps = {
    prisma: database.prisma,
    databaseKind: database.kind,
    config: { publicUrl: config.publicUrl, secretKey: resolveSecretKey(config.secretKey, config.dataDir), sessionTtlMs: config.sessionTtlMs },
    now: () => new Date(),
    rateLimiter: new RateLimiter(),
    loginThrottle: new LoginThrottle(Date.now),
    // The same store the server would use, so seeded photos land where the gallery looks for them.
    imageStore: config.cloudinaryUrl
      ? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl))
      : new LocalImageStore(path.join(config.dataDir, 'images'), { cacheRoot: path.join(config.dataDir, 'image-cache') }),
    galleryFolder: config.galleryFolder,
    videoSource: createYouTubeSource(config.youtube),
    textGenerator: new GeminiTextGenerator({ baseUrl: config.geminiBaseUrl }),
  }
  await ensureAdmin(deps, config, log)
  const seeded = await seedDemoContentIfEmpty(deps, log)
  console.log(seeded ? `Seeded demo content into ${database.kind}.` : 'The database already has content; nothing seeded.')
  await database.close()
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exitCode = 1
}
