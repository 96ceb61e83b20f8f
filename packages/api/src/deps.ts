import type { PrismaClient } from '@wayfarer/db'
import type { RateLimiter } from './rate-limit/limiter'
import type { RateLimitStore } from './rate-limit/store'
import type { LoginThrottle } from './auth/login-throttle'
import type { ImageStore } from './media/image-store'
import type { VideoSource } from './youtube/video-source'
import type { TextGenerator } from './ai/text-generator'
import type { PlacesDeps } from './places/places-deps'
import type { SchedulerHandle } from './posts/scheduler'
import type { PostSearchIndex } from './posts/search-index'
import type { ViewCounter } from './posts/view-counter'
import type { ImportJobs } from './transfer/jobs'
import type { HostResolver } from './import/image-fetch'
import type { StorageDeps } from './storage-deps'
import type { TrackReleases } from './trips/track-releases'
import type { MailHandle } from './newsletter/worker'

/** Settings the domain needs from the server's configuration (never read from process.env here). */
export interface ApiConfig {
  /** Public origin of the site, e.g. https://travels.example.com — for canonical links and feeds. */
  publicUrl: string
  /** Key material for encrypting secrets at rest (e.g. the Gemini key). */
  secretKey: string
  /** Sliding lifetime of a sign-in session. */
  sessionTtlMs: number
  /** Absolute lifetime of a session from sign-in, however active (default 30 days). */
  sessionMaxAgeMs: number
}

/**
 * Keeps what `compute` gives under `key` until the next write visitors could see, in any server process (the
 * public-read cache's rule); computes it every time where no such writes can be heard.
 */
export type Remember = <T>(key: string, compute: () => Promise<T>) => Promise<T>

export const computeEveryTime: Remember = (_key, compute) => compute()

/** Everything a service may use, built once by the server and passed in the tRPC context. */
export interface AppDeps extends StorageDeps {
  prisma: PrismaClient
  databaseKind: 'pglite' | 'postgresql'
  config: ApiConfig
  now: () => Date
  /** Per-key request limits for public writes (comments, contact). */
  rateLimiter: RateLimiter
  loginThrottle: LoginThrottle
  /** Where the counters of both live (memory on the embedded database, a table on PostgreSQL). */
  rateLimitStore: RateLimitStore
  /** Where photos and uploads are stored (Cloudinary or local disk). */
  imageStore: ImageStore
  /** The image-host folder the gallery manager opens by default. */
  galleryFolder: string
  /** The owner's YouTube uploads (cached; says so when YouTube is not configured). */
  videoSource: VideoSource
  /** The language model behind AI assistance (Gemini; a loopback fake in tests). */
  textGenerator: TextGenerator
  /** The map, the gazetteer and the location precision. */
  places: PlacesDeps
  /** Scheduled publishing (absent in one-off tools such as the import CLI; the server's periodic check covers them). */
  scheduler?: SchedulerHandle
  /** The blog search's index of the published stories' words (kept current before each search). */
  postSearch: PostSearchIndex
  /** Values public reads are made from, kept until the next write (the found stories' rows of a search). */
  remember: Remember
  /** Post views, counted in memory and written in batches. */
  views: ViewCounter
  /** Uploaded imports of Admin → Settings → Import/Export (absent in one-off tools). */
  importJobs?: ImportJobs
  /** When the next tracked point goes public, for what keeps public answers (absent in one-off tools). */
  trackReleases?: TrackReleases
  /** The outbox's worker: woken when a mail is queued (absent in one-off tools; the server's worker sends). */
  mail?: MailHandle
  /** How the import looks up the old site's host names before it copies images (the system resolver by default). */
  resolveHost?: HostResolver
}
