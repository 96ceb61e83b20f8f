import { z } from 'zod'
import { envBoolean, parseEnv } from '@wayfarer/config/env'
import { tileUrl } from '@wayfarer/api/schemas'
import type { ApiConfig } from '@wayfarer/api'

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

/**
 * Which proxies may name the client in X-Forwarded-For. `false`/`0`: none (the socket's address is the
 * client). A number: that many hops, counted from this server. `true`: one hop, the usual single reverse
 * proxy (trusting every hop would let any client pick its own address and void every per-address limit).
 * Otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = (value ?? '').trim().toLowerCase()
    if (v === '' || v === 'false' || v === '0' || v === 'no' || v === 'off') return false
    if (v === 'true' || v === 'yes' || v === 'on') return 1
    if (/^\d+$/.test(v)) return Number(v)
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
    if (list.every((a) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a)))
      return list
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, a hop count, or a comma-separated list of proxy addresses/CIDR ranges',
    })
    return z.NEVER
  })

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
  // Once, after the database's key was lost: make this process's key the one recorded (docs/operations.md).
  ADOPT_SECRET_KEY: envBoolean.default(false),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  SEED_DEMO_CONTENT: envBoolean.default(true),
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(45),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  SCHEDULE_CHECK_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  PUBLIC_CACHE: envBoolean.default(true),
  IMPORT_MAX_MB: z.coerce.number().positive().max(10_000).default(200),
  IMPORT_UPLOAD_MAX_MB: z.coerce.number().positive().max(10_000).default(50),
  // Outside services: all optional; without them Wayfarer runs on its local defaults.
  CLOUDINARY_URL: optionalString.refine((v) => v === undefined || v.startsWith('cloudinary://'), {
    message: 'must look like cloudinary://KEY:SECRET@CLOUD',
  }),
  GALLERY_FOLDER: z.string().min(1).default('wayfarer/gallery'),
  GEMINI_BASE_URL: optionalString,
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_CHANNEL_ID: optionalString,
  YOUTUBE_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  // Places: decimal places kept of stored points (2 ≈ 1.1 km), and optional raster tiles for the map.
  LOCATION_PRECISION: z.coerce.number().int().min(0).max(6).default(2),
  MAP_TILES_URL: optionalString.refine(
    (v) =>
      v === undefined ||
      (/^https?:\/\//.test(v) &&
        ['{z}', '{x}', '{y}'].every((p) => v.includes(p)) &&
        URL.canParse(tileUrl(v, 0, 0, 0))),
    {
      message: 'must be an http(s) URL template with {z}, {x} and {y}',
    },
  ),
  MAP_TILES_ATTRIBUTION: optionalString,
  // Mail to followers (docs/followers.md): without SMTP_URL mails are written to DATA_DIR/outbox as .eml files.
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: optionalString,
  DKIM_PRIVATE_KEY: optionalString,
  DKIM_SELECTOR: optionalString,
  MAIL_CHECK_SECONDS: z.coerce.number().positive().max(3600).default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  // A mail `sending` whose worker has not renewed its lease for this long is taken as left by a process that died.
  MAIL_LEASE_SECONDS: z.coerce.number().min(3).max(3600).default(60),
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
  /** Record this key as the database's even if another was recorded (secret-key.ts). */
  adoptSecretKey: boolean
  sessionTtlMs: number
  /** Absolute lifetime of a session, however active it is. */
  sessionMaxAgeMs: number
  /** A request must arrive whole within this time (then 408). */
  requestTimeoutMs: number
  seedDemoContent: boolean
  /** Fastify's trustProxy: false, a hop count, or proxy addresses. */
  trustProxy: false | number | string[]
  logLevel: Env['LOG_LEVEL']
  webDistDir: string | undefined
  /** How often the scheduler looks for due posts besides its timer (posts scheduled by other processes). */
  scheduleCheckMs: number
  /** Keep anonymous public reads in memory until a write (public-cache.ts). */
  publicCache: boolean
  /** Largest import file: for the CLI, and for an upload in Admin → Settings → Import/Export. */
  importMaxMb: { cli: number; upload: number }
  cloudinaryUrl: string | undefined
  galleryFolder: string
  geminiBaseUrl: string | undefined
  youtube: { apiKey: string | undefined; channelId: string | undefined; baseUrl: string }
  /** Decimal places kept of every stored point. */
  locationPrecision: number
  /** Raster tiles for the map; undefined draws the built-in vector world map. */
  mapTiles: { url: string; attribution: string } | undefined
  mail: MailConfig
}

export interface MailConfig {
  /** Undefined: write each mail as an .eml file into DATA_DIR/outbox. */
  smtpUrl: string | undefined
  /** The From header; the DKIM domain is its domain. */
  from: string
  dkim: { privateKey: string; selector: string } | undefined
  /** How often the outbox is looked at besides the wake-ups of this process's own writes. */
  checkEveryMs: number
  /** The first retry's delay; each further one doubles it. */
  retryBaseMs: number
  /** How long a mail stays `sending` without its worker's renewal before another worker sends it. */
  leaseMs: number
}

function mailConfig(e: Env, publicUrl: string): MailConfig {
  const host = new URL(publicUrl).hostname
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? `Wayfarer <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`,
    dkim:
      e.DKIM_PRIVATE_KEY && e.DKIM_SELECTOR
        ? { privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'), selector: e.DKIM_SELECTOR }
        : undefined,
    checkEveryMs: e.MAIL_CHECK_SECONDS * 1000,
    retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
    leaseMs: e.MAIL_LEASE_SECONDS * 1000,
  }
}

/** The part of the configuration the procedures read (`deps.config`): the server and the seed CLI pass the same. */
export const depsConfigOf = (config: ServerConfig, secretKey: string): ApiConfig => ({
  publicUrl: config.publicUrl,
  secretKey,
  sessionTtlMs: config.sessionTtlMs,
  sessionMaxAgeMs: config.sessionMaxAgeMs,
})

export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const e = parseEnv(envSchema, env)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    secretKey: e.SECRET_KEY,
    adoptSecretKey: e.ADOPT_SECRET_KEY,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    sessionMaxAgeMs: e.SESSION_MAX_DAYS * 86_400_000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    seedDemoContent: e.SEED_DEMO_CONTENT,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    scheduleCheckMs: e.SCHEDULE_CHECK_SECONDS * 1000,
    publicCache: e.PUBLIC_CACHE,
    importMaxMb: { cli: e.IMPORT_MAX_MB, upload: e.IMPORT_UPLOAD_MAX_MB },
    cloudinaryUrl: e.CLOUDINARY_URL,
    galleryFolder: e.GALLERY_FOLDER,
    geminiBaseUrl: e.GEMINI_BASE_URL,
    youtube: { apiKey: e.YOUTUBE_API_KEY, channelId: e.YOUTUBE_CHANNEL_ID, baseUrl: e.YOUTUBE_BASE_URL },
    locationPrecision: e.LOCATION_PRECISION,
    mapTiles: e.MAP_TILES_URL ? { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION ?? '' } : undefined,
    mail: mailConfig(e, publicUrl),
  }
}
