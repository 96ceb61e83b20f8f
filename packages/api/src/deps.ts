import type { PrismaClient } from '@wayfarer/db'
import type { RateLimiter } from './rate-limiter'
import type { LoginThrottle } from './auth/login-throttle'
import type { ImageStore } from './media/image-store'
import type { VideoSource } from './youtube/video-source'
import type { TextGenerator } from './ai/text-generator'

/** Settings the domain needs from the server's configuration (never read from process.env here). */
export interface ApiConfig {
  /** Public origin of the site, e.g. https://travels.example.com — for canonical links and feeds. */
  publicUrl: string
  /** Key material for encrypting secrets at rest (e.g. the Gemini key). */
  secretKey: string
  /** Sliding lifetime of a sign-in session. */
  sessionTtlMs: number
}

/** Everything a service may use, built once by the server and passed in the tRPC context. */
export interface AppDeps {
  prisma: PrismaClient
  databaseKind: 'pglite' | 'postgresql'
  config: ApiConfig
  now: () => Date
  /** Per-key request limits for public writes (comments, contact). */
  rateLimiter: RateLimiter
  loginThrottle: LoginThrottle
  /** Where photos and uploads are stored (Cloudinary or local disk). */
  imageStore: ImageStore
  /** The image-host folder the gallery manager opens by default. */
  galleryFolder: string
  /** The owner's YouTube uploads (cached; says so when YouTube is not configured). */
  videoSource: VideoSource
  /** The language model behind AI assistance (Gemini; a loopback fake in tests). */
  textGenerator: TextGenerator
}
