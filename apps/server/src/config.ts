import { z } from 'zod'
import { envBoolean, parseEnv } from '@wayfarer/config/env'

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

/** Every environment variable Wayfarer reads, in one place. Anything invalid stops start-up by name. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgresql:// connection URL',
  }),
  PUBLIC_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), { message: 'must be an absolute URL' }),
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: 'must be an e-mail address',
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: 'must be at least 8 characters',
  }),
  SECRET_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 14),
  SEED_DEMO_CONTENT: envBoolean.default(true),
  TRUST_PROXY: envBoolean.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  // Outside services: all optional; without them Wayfarer runs on its local defaults.
  CLOUDINARY_URL: optionalString.refine((v) => v === undefined || v.startsWith('cloudinary://'), {
    message: 'must look like cloudinary://KEY:SECRET@CLOUD',
  }),
  GALLERY_FOLDER: z.string().min(1).default('wayfarer/gallery'),
  GEMINI_BASE_URL: optionalString,
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_CHANNEL_ID: optionalString,
  YOUTUBE_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
})

export type Env = z.infer<typeof envSchema>

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  adminEmail: string | undefined
  adminPassword: string | undefined
  /** Undefined means: use (or create) DATA_DIR/secret.key. */
  secretKey: string | undefined
  sessionTtlMs: number
  seedDemoContent: boolean
  trustProxy: boolean
  logLevel: Env['LOG_LEVEL']
  webDistDir: string | undefined
  cloudinaryUrl: string | undefined
  galleryFolder: string
  geminiBaseUrl: string | undefined
  youtube: { apiKey: string | undefined; channelId: string | undefined; baseUrl: string }
}

export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const e = parseEnv(envSchema, env)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    secretKey: e.SECRET_KEY,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    seedDemoContent: e.SEED_DEMO_CONTENT,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    cloudinaryUrl: e.CLOUDINARY_URL,
    galleryFolder: e.GALLERY_FOLDER,
    geminiBaseUrl: e.GEMINI_BASE_URL,
    youtube: { apiKey: e.YOUTUBE_API_KEY, channelId: e.YOUTUBE_CHANNEL_ID, baseUrl: e.YOUTUBE_BASE_URL },
  }
}

/** The configuration tests start from: in-memory database, no demo content, quiet logs. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ DATA_DIR: 'memory://', SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'silent' }),
    secretKey: 'test-secret-key-that-is-at-least-32-chars',
    ...overrides,
  }
}
