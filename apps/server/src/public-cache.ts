import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { PrismaClient } from '@wayfarer/db'

/**
 * The public reads a visitor's page makes, answered from memory until something changes. Only anonymous GETs of
 * these paths are kept: never a call carrying a session, never a draft preview, never the REST read by slug (it
 * counts a view), never a batch of tRPC calls.
 */
const CACHEABLE = [
  /^\/api\/(posts|categories|tags|gallery|gallery\/body-photos|places\/(map|countries|countries\/[^/?]+))(\?|$)/,
  /^\/api\/comments\/post\/[^/?]+(\?|$)/,
  /^\/trpc\/(posts\.(cards|published|story)|taxonomy\.\w+|comments\.forPost|gallery\.(published|list|bodyPhotos|settings)|places\.(map|countries|country|story|storyRoute|mapSettings))(\?|$)/,
  /^\/(sitemap\.xml|rss\.xml)$/,
  /^\/(|blog|blog\/[^/?]+|gallery|about|contact|privacy|terms|sitemap|map|places|places\/[a-z]{2})(\?|$)/,
]
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-robots-tag'] as const

interface Entry {
  status: number
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>
  body: string
  etag: string
}

/**
 * Public-read cache: each answer is kept under its URL with an ETag (a matching If-None-Match gets 304), and the
 * whole cache is dropped by every database write that can change what visitors see (`invalidatingWrites`). With
 * several processes on one PostgreSQL database another process's write is not seen here, so entries live one
 * second there; on the embedded single-process database a minute (writes clear it at once either way).
 */
export class PublicCache {
  private generation = 0
  private readonly entries: LRUCache<string, Entry>

  constructor(options: { ttlMs: number; maxBytes?: number }) {
    this.entries = new LRUCache({ maxSize: options.maxBytes ?? 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + 200, ttl: options.ttlMs })
  }

  invalidate(): void {
    this.generation++
    this.entries.clear()
  }

  /** Registered before the security headers and compression: it stores the answer as the route made it. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (!isCacheable(request)) return
      const hit = this.entries.get(request.url)
      if (!hit) {
        request.publicCache = { generation: this.generation }
        return
      }
      reply.header('etag', hit.etag).header('x-cache', 'HIT')
      for (const [name, value] of Object.entries(hit.headers)) reply.header(name, value)
      if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send()
      return reply.code(hit.status).send(hit.body)
    })
    app.addHook('onSend', async (request, reply, payload) => {
      const pending = request.publicCache
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload
      // Anyone may keep a public answer, but must ask again (with the ETag) before using it.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'public, no-cache')
      const entry = { status: 200, headers: keptHeaders(reply), body: payload, etag: `W/"${createHash('sha1').update(payload).digest('base64url')}"` }
      // A write during this read may have changed what it saw: keep it only if none happened.
      if (pending.generation === this.generation) this.entries.set(request.url, entry)
      reply.header('etag', entry.etag).header('x-cache', 'MISS')
      if (request.headers['if-none-match'] !== entry.etag) return payload
      reply.code(304)
      return ''
    })
  }
}

function isCacheable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.headers.authorization) return false
  const url = request.url
  if (url.includes('preview=') || url.includes(',')) return false
  return CACHEABLE.some((pattern) => pattern.test(url))
}

function keptHeaders(reply: FastifyReply): Entry['headers'] {
  const kept: Entry['headers'] = {}
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name)
    if (typeof value === 'string') kept[name] = value
  }
  return kept
}

/**
 * The database client that clears the cache after every write through it: model writes of everything visitors
 * can see (not sessions or rate-limit counters, which change on every sign-in and comment attempt) and raw
 * statements (the view counter's batches, the archive import). The scheduler's publishing (a raw UPDATE …
 * RETURNING) clears it through its onPublished callback (server.ts).
 */
export function invalidatingWrites(prisma: PrismaClient, cache: PublicCache): PrismaClient {
  const after = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result
    cache.invalidate()
    return value
  }
  const WRITES = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany'])
  const PRIVATE_MODELS = new Set(['Session', 'RateLimit'])
  const extended = prisma.$extends({
    name: 'public-cache-invalidation',
    query: {
      $allModels: {
        $allOperations: ({ model, operation, args, query }) => (WRITES.has(operation) && !PRIVATE_MODELS.has(model) ? after(query(args)) : query(args)),
      },
      $executeRaw: ({ args, query }) => after(query(args)),
      $executeRawUnsafe: ({ args, query }) => after(query(args)),
      // Only the archive import and export use it; the public reads use tagged $queryRaw, left alone.
      $queryRawUnsafe: ({ args, query }) => after(query(args)),
    },
  })
  // Same query surface as the base client (see withSanitizedPostContent).
  return extended as unknown as PrismaClient
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this anonymous public read may be stored once answered. */
    publicCache?: { generation: number }
  }
}
