import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import { tileUrl } from '@wayfarer/api/schemas'
import type { ServerConfig } from '../config'

type HeaderConfig = Pick<ServerConfig, 'publicUrl' | 'cloudinaryUrl'> &
  Partial<Pick<ServerConfig, 'mapTiles'>> & { youtube: Pick<ServerConfig['youtube'], 'baseUrl'> }

/**
 * Where the site's own pages may load images from, besides itself. Any https address: a story may show a picture
 * kept at another site (inserted by address in the editor, or an imported story's picture that could not be
 * copied). The trade-off (docs/security.md, "Pictures from other sites"): a visitor's browser then asks that host
 * for it, which tells the host the visitor's address and the site's origin (the referrer policy sends no more).
 * Copying each picture into the image store on insert would avoid that, but would leave every story already
 * stored or imported with such an address broken, and the copying fetch would have to reach any address an
 * owner types. Plain http stays refused (an https site would show it as mixed content anyway). The origins named
 * after it are the ones the site itself uses, kept so the list says so even though `https:` covers the https ones.
 */
function imageSources(config: HeaderConfig): string[] {
  const sources = ["'self'", 'data:', 'blob:', 'https:', 'https://i.ytimg.com']
  if (config.cloudinaryUrl) sources.push('https://res.cloudinary.com')
  // A YouTube Data API stand-in (a local fake) serves its own thumbnails.
  const youtube = new URL(config.youtube.baseUrl)
  if (youtube.hostname !== 'www.googleapis.com') sources.push(youtube.origin)
  // Raster map tiles, only when the owner configured a tile server (MAP_TILES_URL).
  if (config.mapTiles) sources.push(new URL(tileUrl(config.mapTiles.url, 0, 0, 0)).origin)
  return sources
}

const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/gi

/** `'sha256-…'` sources for every inline script of a page (the JSON-LD blocks of the server-rendered head). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? ''
    if (body.trim() === '' && /\bsrc=/.test(match[0])) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes].sort()
}

/** The Content-Security-Policy of one HTML page: no inline script except the page's own hashed blocks. */
export function pageCsp(config: HeaderConfig, html: string): string {
  const https = config.publicUrl.startsWith('https:')
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes(html)]],
    ['style-src', ["'self'"]],
    ['img-src', imageSources(config)],
    ['font-src', ["'self'", 'data:']],
    // The video player asks YouTube's embed host whether it can be reached before its frame shows a broken page.
    ['connect-src', ["'self'", 'https://www.youtube-nocookie.com']],
    ['frame-src', ['https://www.youtube-nocookie.com', 'https://www.youtube.com']],
    ['media-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ]
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ')
}

/** Everything that is not a page (JSON, images, feeds) may load nothing and be framed by no one. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * Security headers on every response: helmet's set (nosniff, frame denial, referrer
 * policy, cross-origin isolation of resources, HSTS when the public URL is https) plus a Content-Security-
 * Policy computed from each HTML body, with hashes rather than nonces so a cached page keeps a valid policy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: HeaderConfig): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false, // set below, per body
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    // An answer from the public-read cache carries the policy computed when it was first sent.
    if (reply.hasHeader('content-security-policy')) return payload
    const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    // A streamed or compressed page cannot be read here: it gets the page policy with no inline script allowed.
    const html = isPage && !reply.getHeader('content-encoding') ? (bodyText(payload) ?? '') : ''
    reply.header('content-security-policy', isPage ? pageCsp(config, html) : RESOURCE_CSP)
    return payload
  })
}

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload
  if (Buffer.isBuffer(payload)) return payload.toString('utf8')
  return undefined
}
