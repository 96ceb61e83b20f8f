import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import compress from '@fastify/compress'
import { negotiate } from '@fastify/accept-negotiator'

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024
export const ENCODINGS = ['br', 'gzip'] as const
export type Encoding = (typeof ENCODINGS)[number]
// Per-request compression must stay cheap: brotli at a middle quality (assets are done once, at the highest).
const BROTLI_QUALITY = 5

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }
/**
 * Bodies up to this size are compressed on the event loop. A trip to zlib's thread pool has a fixed cost (a stream,
 * a new compressor, the hand-over) of about 0.2 ms of CPU, more under load, against 0.05–0.1 ms for compressing a
 * 5 KB answer outright (a search's, a story's): for small answers the trip costs more than the work.
 */
const PACK_HERE_MAX_BYTES = 16 * 1024

/**
 * A small body at brotli's quality 1, and gzip with a window and hash table no larger than such a body needs. The
 * server runs with glibc's mmap threshold at 32 KB (`npm start`, ARCHITECTURE.md "Memory"), so every allocation of
 * 32 KB or more is a fresh mapping, faulted in page by page and unmapped when freed. Brotli's qualities from 2 up
 * allocate a 256 KB hash table per body, and zlib's default window and table are 64 KB each: with the threshold a
 * 5 KB search answer took about 0.5 ms of the server's thread at quality 3 (a quarter of a distinct search, in a
 * profile under load), against 0.06 ms outside it. Quality 1 has small tables of its own: about 0.03 ms, for 1.78
 * KB instead of 1.67. A 16 KB window holds every body compressed here: gzip's answers measured kept their size.
 */
const SMALL_BROTLI_QUALITY = 1
const SMALL_GZIP_OPTIONS = { windowBits: 14, memLevel: 7 }

/**
 * Brotli told the body's size uses a window no larger than the body and smaller tables: its default window (4 MB)
 * is allocated and cleared for every body, which costs more than compressing 5 KB.
 */
const smallBrotliOptions = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: SMALL_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_LGWIN]: Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))),
  },
})

/** Compresses one body: a small one at once, a larger one off the event loop (zlib's thread pool). */
export const packers: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body: Buffer) =>
    body.length <= PACK_HERE_MAX_BYTES
      ? Promise.resolve(brotliCompressSync(body, smallBrotliOptions(body.length)))
      : promisify(brotliCompress)(body, BROTLI_OPTIONS),
  gzip: (body: Buffer) =>
    body.length <= PACK_HERE_MAX_BYTES ? Promise.resolve(gzipSync(body, SMALL_GZIP_OPTIONS)) : promisify(gzip)(body),
}

/** Text worth compressing: the plugin's own list without octet-stream (downloads here are archives already). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|text|xml)(?:;|$)|javascript/u

/**
 * Compresses API answers, pages and feeds above 1 KB for clients that accept it (brotli first, then gzip).
 * The web build's assets are compressed once at build time (apps/web/build-check/precompress.mjs) and sent as
 * such by the static file server. Registered after the security headers, so a page's CSP is computed from
 * the page before it is compressed.
 *
 * An answer made whole (every API answer, page and feed) is compressed by the hook below (`packers`: a large one
 * on zlib's thread pool, where the plugin would compress it on the event loop, which on the embedded database is
 * also the database's thread). The plugin is left the streams.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  })
  // Global hooks run before the plugin's (which are the routes' own, and not on the not-found handler, where the
  // web app's pages are served); an answer compressed here is left alone by it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.hasHeader('content-range'))
      return payload
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined
    if (!body || body.length < COMPRESS_THRESHOLD_BYTES) return payload
    const vary = String(reply.getHeader('vary') ?? '')
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    const encoding = acceptedEncoding(request.headers['accept-encoding'])
    if (!encoding) return payload
    const packed = await packers[encoding](body)
    reply.header('content-encoding', encoding).header('content-length', packed.length)
    return packed
  })
}

/**
 * The best encoding the client accepts (brotli, then gzip), or undefined for none; one of `ready` (forms already
 * made) first, if the client accepts one.
 */
export function acceptedEncoding(header: string | undefined, ready: readonly Encoding[] = []): Encoding | undefined {
  const accepted =
    (ready.length ? negotiate(header ?? '', [...ready]) : null) ?? negotiate(header ?? '', [...ENCODINGS])
  return ENCODINGS.find((e) => e === accepted)
}
