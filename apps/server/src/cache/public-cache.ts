import { createHash, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { PrismaClient } from '@wayfarer/db'
import { acceptedEncoding, COMPRESS_THRESHOLD_BYTES, ENCODINGS, packers, type Encoding } from '../http/compression'
import { isRenderRequest, keptHeaders, type StoredAnswer } from './rendered-pages'
import { bodyOf, type LazyBody } from './page-file'

/**
 * The public reads a visitor's page makes, answered from memory until something changes. Only anonymous GETs of
 * these paths are kept: never a call carrying a session, never a draft preview, never a batch of tRPC calls.
 * A read with a side effect (the REST read by slug counts a view) keeps it with the answer and runs it on each hit.
 * An answer is kept under its address alone, so only the one form every visitor gets is kept: a request that
 * asks for another form is answered by the route and passes the cache by (see docs/security.md).
 */
const CACHEABLE = [
  /^\/api\/(posts|posts\/slug\/[^/?]+|categories|categories\/[^/?]+|tags|gallery|gallery\/body-photos|places\/(map|countries|countries\/[^/?]+))(\?|$)/,
  /^\/api\/(trips|trips\/[^/?]+|trips\/[^/?]+\/days\/\d+\/photos|trips\/[^/?]+\/timeline|posts\/slug\/[^/?]+\/trip)(\?|$)/,
  /^\/api\/comments\/post\/[^/?]+(\?|$)/,
  /^\/api\/settings\/(site|figures)(\?|$)/,
  /^\/trpc\/(posts\.(cards|published|story)|taxonomy\.\w+|comments\.forPost|gallery\.(published|list|bodyPhotos|settings)|places\.(map|countries|country|story|storyRoute|mapSettings)|trips\.(list|bySlug|timeline|dayPhotos|storyContext)|settings\.(site|figures))(\?|$)/,
  /^\/(sitemap\.xml|rss\.xml|trips\/[^/?]+\/rss\.xml)$/,
  /^\/(|blog|blog\/[^/?]+|gallery|about|contact|privacy|terms|sitemap|map|places|places\/[a-z]{2}|trips|trips\/[^/?]+)(\?|$)/,
]

/** How long the writes pause before the site's first views are made again (the rest of a save lands first). */
const WARM_DELAY_MS = 200

const WARM_HEADER = 'x-wayfarer-warm'
const warmToken = randomUUID()

/** Whether this request is this process's own, making a first view again after a change (not a visitor's). */
export const isWarmRequest = (request: FastifyRequest): boolean => request.headers[WARM_HEADER] === warmToken

/** Off until the server is ready; then idle, waiting for a change's other writes, or making the first views. */
type WarmState = 'off' | 'idle' | 'waiting' | 'making'

/** The channel on which a write in any server process on the database tells every process to drop its cache. */
export const PUBLIC_CACHE_CHANNEL = 'wayfarer_public_cache'

interface Entry {
  status: number
  /** Every header of the answer as first sent (content type, cache policy, security headers, CSP). */
  headers: Record<string, string>
  body: LazyBody
  etag: string
  /** The body compressed, made once per encoding on first demand. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  /** What the route did besides answering (count a view), done again on every hit. */
  effects: (() => void)[]
  /** Epoch ms (the server's clock) from which the answer may be out of date: a tracked point goes public then. */
  freshUntil: number | undefined
}

/** An answer handed to the reads that waited for it, with the cache generation it was made in. */
interface Shared {
  entry: Entry
  generation: number
}

/**
 * Public-read cache: each answer is kept under its URL, whole (headers included, its compressed forms made once
 * and kept beside it), with an ETag (a matching If-None-Match gets 304). A hit is answered before the route and
 * the per-response work (security headers, compression) runs. Every database write that can change what
 * visitors see drops the whole cache (`invalidatingWrites`) and tells the other server processes on the same
 * database to drop theirs (`onInvalidate`, LISTEN/NOTIFY, server.ts); while that channel is down the cache is
 * suspended, so no process can serve what another changed.
 */
export class PublicCache {
  private generation = 0
  private suspended = false
  private readonly entries: LRUCache<string, Entry>
  /** Values many answers are made from (`remember`), with the generation they were read in. */
  private readonly values = new Map<string, { generation: number; value: Promise<unknown> }>()
  /** Whether `remember` keeps anything: only while this process hears every write (registerLookup). */
  private listening = false
  /**
   * Misses being answered now, by key: the same read arriving meanwhile waits for that answer (single flight), and
   * is given it even when it was not kept (larger than the cache takes), as long as no write came in between.
   */
  private readonly inflight = new Map<string, Promise<Shared | undefined>>()
  /**
   * Story pages and answers kept ready in the database (rendered-pages.ts), asked on a miss before the route: a
   * crawler's first visit costs a lookup instead of a render.
   */
  stored: { serves(url: string): boolean; lookup(url: string): Promise<StoredAnswer | undefined> } | undefined
  /** Called after every change but view counts, here or in another process (server.ts: the kept story pages). */
  onClear: (() => void) | undefined
  /** Called after every local invalidation (server.ts: NOTIFY the other processes). */
  onInvalidate: (() => void) | undefined
  /**
   * Until when an answer computed now stays true though nothing is written (server.ts: the next tracked point's
   * release); at or before now: keep nothing.
   */
  freshUntil: (() => number | undefined) | undefined
  private readonly now: () => number
  /** The first views made again after each change (`warmAfterChanges`), and where that work stands. */
  private warmer:
    { app: FastifyInstance; paths: readonly string[]; state: WarmState; again: boolean; changedAt: number } | undefined
  private warming: Promise<void> | undefined

  constructor(options: { ttlMs: number; maxBytes?: number; now?: () => number }) {
    this.now = options.now ?? Date.now
    const maxSize = options.maxBytes ?? 160 * 1024 * 1024
    this.entries = new LRUCache({
      maxSize,
      // The body, and about a third more for its compressed forms.
      sizeCalculation: (e) => Math.ceil(e.body.length * 1.35) + 500,
      // Room for the documented unbounded GET /api/posts (every story with its body: ~70 MB at 10,000 stories).
      maxEntrySize: Math.floor(maxSize * 0.6),
      ttl: options.ttlMs,
    })
  }

  /**
   * A write here: drop everything, and tell the other processes. `countsOnly`: only view counts were written,
   * which the kept story pages show live (`onClear` is not called).
   */
  invalidate(countsOnly = false): void {
    this.clear(countsOnly)
    this.onInvalidate?.()
  }

  /** A write anywhere (another process's notification, or this one's own coming back). */
  clear(countsOnly = false): void {
    this.generation++
    this.entries.clear()
    this.values.clear()
    if (countsOnly) return
    this.onClear?.()
    this.warm()
  }

  /**
   * The site's busiest first views (`paths`: the home page, the blog list, the feeds…) are made again in the
   * background after every change but view counts, once the server is ready: the first visitor after an edit is
   * answered from memory instead of waiting for a render. They are asked of this server itself like a visitor
   * would (so each is kept exactly as it would be answered), one at a time with the event loop free in between,
   * after the write was acknowledged. View counts change every few seconds on a read site, and its visitors keep
   * those answers made; they start nothing. Nor does the start: the first start's demo content is written before
   * the server is ready, and an idle server holds no more than it did.
   */
  warmAfterChanges(app: FastifyInstance, paths: readonly string[]): void {
    const warmer = { app, paths, state: 'off' as WarmState, again: false, changedAt: 0 }
    this.warmer = warmer
    app.addHook('onReady', async () => {
      warmer.state = 'idle'
    })
    app.addHook('preClose', async () => {
      this.warmer = undefined
      await this.warming
    })
  }

  /** Resolves once no first view is waiting to be made (tests). */
  async warmed(): Promise<void> {
    while (this.warming) await this.warming
  }

  /**
   * A pass over the first views once the writes have paused for a moment (a save's several writes, an import's
   * batches); once more after the pass being made, which a change may have overtaken.
   */
  private warm(): void {
    const warmer = this.warmer
    if (!warmer || warmer.state === 'off') return
    warmer.changedAt = performance.now()
    if (warmer.state === 'making') warmer.again = true
    if (warmer.state !== 'idle') return
    warmer.state = 'waiting'
    this.warming = (async () => {
      for (let left = WARM_DELAY_MS; left > 0; left = warmer.changedAt + WARM_DELAY_MS - performance.now())
        await sleep(left, undefined, { ref: false })
      warmer.state = 'making'
      for (const url of warmer.paths) {
        if (this.warmer !== warmer || this.suspended) return
        // A visitor may have asked for it since the change.
        if (this.entries.has(url)) continue
        // A failure only leaves the first visitor to the route, as without this.
        await warmer.app.inject({ method: 'GET', url, headers: { [WARM_HEADER]: warmToken } }).catch(() => undefined)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })().finally(() => {
      warmer.state = 'idle'
      this.warming = undefined
      if (warmer.again) {
        warmer.again = false
        this.warm()
      }
    })
  }

  /** Every answer kept is out of date from `at` on (a tracked point goes public then). */
  boundFreshness(at: number): void {
    for (const entry of this.entries.values()) entry.freshUntil = Math.min(entry.freshUntil ?? at, at)
  }

  /** While other processes' writes cannot be heard, nothing is kept or served. */
  setSuspended(suspended: boolean): void {
    this.suspended = suspended
    this.clear()
  }

  /**
   * A value many misses are made from (the site settings every page's head carries), read once and kept until
   * the next write, as the answers are: a read that a write overtook is not kept. Computed every time while the
   * cache is off or suspended, when this process may not hear another's writes.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.listening || this.suspended) return compute()
    const kept = this.values.get(key)
    if (kept?.generation === this.generation) return kept.value as Promise<T>
    const value = compute()
    const entry = { generation: this.generation, value }
    this.values.set(key, entry)
    value.catch(() => {
      if (this.values.get(key) === entry) this.values.delete(key)
    })
    return value
  }

  /** Answers hits; registered before the security headers, whose onRequest work a hit does not need. */
  registerLookup(app: FastifyInstance): void {
    this.listening = true
    app.addHook('onRequest', async (request, reply) => {
      if (this.suspended || !isCacheable(request)) return
      const key = request.url
      let hit = this.fresh(key)
      const answering = hit ? undefined : this.inflight.get(key)
      if (answering) {
        // Handed over even when the cache did not keep it: a burst of reads for an answer too large to keep (every
        // story with its body) would otherwise make it once per read, all at once.
        const shared = await answering
        hit = this.fresh(key) ?? (shared?.generation === this.generation ? shared.entry : undefined)
      }
      let source = 'HIT'
      if (!hit) {
        // The same read arriving meanwhile waits for this one, whether the store or the route answers it.
        const done = this.answering(key)
        if (this.stored?.serves(key)) {
          hit = await this.fromStore(key)
          source = 'STORED'
        }
        if (!hit) {
          request.publicCache = { key, generation: this.generation, effects: [], done }
          sendWebResponsesWhole(request, reply)
          return
        }
        done()
      }
      for (const effect of hit.effects) effect()
      reply
        .headers(hit.headers)
        .header('etag', hit.etag)
        .header('x-cache', source)
        .header('vary', withAcceptEncoding(hit.headers.vary))
      if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send()
      // A form already made is preferred to a better one still to make (a kept page's file holds its gzip form).
      const ready = ENCODINGS.filter((e) => hit.encoded[e])
      const encoding =
        hit.body.length >= COMPRESS_THRESHOLD_BYTES
          ? acceptedEncoding(request.headers['accept-encoding'], ready)
          : undefined
      if (!encoding) return reply.code(hit.status).send(hit.body.bytes())
      const encoded = (hit.encoded[encoding] ??= packers[encoding](hit.body.bytes()))
      return reply
        .code(hit.status)
        .header('content-encoding', encoding)
        .send(await encoded)
    })
  }

  /** The answer kept ready in the database for `key`, kept here too unless a write overtook the lookup. */
  private async fromStore(key: string): Promise<Entry | undefined> {
    const generation = this.generation
    // A failed lookup is only a slower answer: the route answers it.
    const stored = await this.stored?.lookup(key).catch(() => undefined)
    if (!stored) return undefined
    const freshUntil = this.freshUntil?.()
    const { gzip, ...answer } = stored
    const entry: Entry = { status: 200, ...answer, encoded: gzip ? { gzip: Promise.resolve(gzip) } : {}, freshUntil }
    const stillTrue = freshUntil === undefined || freshUntil > this.now()
    if (generation === this.generation && !this.suspended && stillTrue) this.entries.set(key, entry)
    return entry
  }

  /** The entry kept under `key`, unless a moment it could not know of has passed since. */
  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (entry?.freshUntil !== undefined && this.now() >= entry.freshUntil) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  /**
   * Marks `key` as being answered; the returned function (idempotent) ends that, handing the reads that waited the
   * answer made (none: an error, a refusal, a dropped connection).
   */
  private answering(key: string): (shared?: Shared) => void {
    let finish: (shared: Shared | undefined) => void = () => {}
    const answered = new Promise<Shared | undefined>((resolve) => (finish = resolve))
    this.inflight.set(key, answered)
    let finished = false
    return (shared) => {
      if (finished) return
      finished = true
      if (this.inflight.get(key) === answered) this.inflight.delete(key)
      finish(shared)
    }
  }

  /** Keeps misses; registered after the security headers (the page's CSP is part of the answer) and before compression. */
  registerStore(app: FastifyInstance): void {
    // Whatever became of a miss (an error, a refusal, a dropped connection), reads waiting for it go on.
    app.addHook('onResponse', async (request) => request.publicCache?.done())
    app.addHook('onRequestAbort', async (request) => request.publicCache?.done())
    app.addHook('onSend', async (request, reply, payload) => {
      const pending = request.publicCache
      if (!pending) return payload
      const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined
      if (!body || !keepable(reply)) {
        pending.done()
        return payload
      }
      // Anyone may keep a public answer, but must ask again (with the ETag) before using it.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'public, no-cache')
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`
      // A write during this read may have changed what it saw: keep it only if none happened.
      const freshUntil = this.freshUntil?.()
      const stillTrue = freshUntil === undefined || freshUntil > this.now()
      if (pending.generation === this.generation && !this.suspended && stillTrue) {
        const entry: Entry = {
          status: 200,
          headers: keptHeaders(reply.getHeaders()),
          body: bodyOf(body),
          etag,
          encoded: {},
          effects: pending.effects,
          freshUntil,
        }
        // The cache may refuse it (too large): the reads waiting for it are still given it.
        this.entries.set(pending.key, entry)
        pending.done({ entry, generation: pending.generation })
      }
      pending.done()
      reply.header('etag', etag).header('x-cache', 'MISS')
      if (request.headers['if-none-match'] !== etag) return payload
      reply.code(304)
      return ''
    })
  }
}

/**
 * tRPC answers with a fetch Response, which Fastify streams. A read that may be kept is sent as the whole body
 * instead (it is one small answer, never a stream of batched calls), with the Response's status and headers but
 * not its framing: Fastify gives the whole body its Content-Length, and an HTTP message has one framing only.
 * A streamed answer (a client asking for JSON lines; the lookup already passes those by) is never read whole.
 */
function sendWebResponsesWhole(request: FastifyRequest, reply: FastifyReply): void {
  const send = reply.send.bind(reply)
  reply.send = (payload?: unknown) => {
    if (!(payload instanceof Response)) return send(payload)
    if (isStreamed(payload.headers.get('content-type'), payload.headers.get('transfer-encoding'))) {
      request.publicCache?.done()
      request.publicCache = undefined
      return send(payload)
    }
    reply.code(payload.status)
    for (const [name, value] of payload.headers) {
      if (name !== 'transfer-encoding' && name !== 'content-length') reply.header(name, value)
    }
    payload.arrayBuffer().then(
      (body) => send(Buffer.from(body)),
      (error: unknown) => send(error instanceof Error ? error : new Error('could not read the answer')),
    )
    return reply
  }
}

const STREAMED_TYPES = /^\s*(application\/jsonl|text\/event-stream)\b/i

function isStreamed(contentType: string | null | undefined, transferEncoding: string | null | undefined): boolean {
  return Boolean(transferEncoding) || STREAMED_TYPES.test(contentType ?? '')
}

/**
 * Whether this request may be answered from, and kept in, the cache. It decides on what the routes see: the
 * decoded query (a preview parameter however it is spelled, `?%70review=`) and every header that changes the
 * answer's bytes. tRPC answers in JSON lines (a stream) when `trpc-accept` or Accept asks for them; only the
 * plain JSON form is kept, so any request naming another form passes by. Accept-Encoding is handled by the
 * cache itself (each encoding made from the one body); sessions are bearer tokens (Authorization), never
 * cookies, so a cookie changes nothing the routes send.
 */
function isCacheable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.headers.authorization || isRenderRequest(request)) return false
  if (request.headers['trpc-accept'] !== undefined || /jsonl|event-stream/i.test(request.headers.accept ?? ''))
    return false
  const url = request.url
  const [rawPath = '', query] = splitOnce(url, '?')
  // A comma in the path is a batch of tRPC calls (commas in a query, such as a map's box, are fine).
  const path = safeDecode(rawPath)
  if (path === undefined || path.includes(',')) return false
  if (query !== undefined && new URLSearchParams(query).has('preview')) return false
  return CACHEABLE.some((pattern) => pattern.test(url))
}

/** A miss's answer may be kept: a plain 200 for everyone, whole, not marked private or streamed. */
function keepable(reply: FastifyReply): boolean {
  if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return false
  if (/private|no-store/i.test(String(reply.getHeader('cache-control') ?? ''))) return false
  const type = reply.getHeader('content-type')
  const framing = reply.getHeader('transfer-encoding')
  return !isStreamed(type === undefined ? undefined : String(type), framing === undefined ? undefined : String(framing))
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** The route's Vary (tRPC names trpc-accept and Accept) and the cache's own Accept-Encoding. */
function withAcceptEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding'
  return /accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`
}

/**
 * The database client that clears the cache after every write through it, and after every transaction commits: model writes of everything visitors
 * can see (not sessions or rate-limit counters, which change on every sign-in and comment attempt, nor tracked
 * points, which go public later: server.ts bounds every kept answer by the next one's release) and raw
 * statements (the view counter's batches, the archive import). The scheduler's publishing (a raw UPDATE …
 * RETURNING) clears it through its onPublished callback (server.ts).
 */
export function invalidatingWrites(prisma: PrismaClient, cache: PublicCache): PrismaClient {
  const after = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result
    cache.invalidate()
    return value
  }
  const WRITES = new Set([
    'create',
    'createMany',
    'createManyAndReturn',
    'update',
    'updateMany',
    'updateManyAndReturn',
    'upsert',
    'delete',
    'deleteMany',
  ])
  // A tracked point is never public when written (TrackReleases drops the cache when one arrives already due).
  const PRIVATE_MODELS = new Set(['Session', 'RateLimit', 'TripTrackPoint'])
  const extended = prisma.$extends({
    name: 'public-cache-invalidation',
    query: {
      $allModels: {
        $allOperations: ({ model, operation, args, query }) =>
          WRITES.has(operation) && !PRIVATE_MODELS.has(model) ? after(query(args)) : query(args),
      },
      $executeRaw: ({ args, query }) => after(query(args)),
      $executeRawUnsafe: ({ args, query }) => after(query(args)),
      // Only the archive import and export use it; the public reads use tagged $queryRaw, left alone.
      $queryRawUnsafe: ({ args, query }) => after(query(args)),
    },
  })
  // A write inside a transaction drops the cache when it runs, before the transaction commits: a read in between
  // (another connection on PostgreSQL, the kept story pages being made again) still sees the old rows. So the
  // end of every transaction drops it once more.
  const transaction = extended.$transaction.bind(extended) as (...args: unknown[]) => Promise<unknown>
  const withTransactions = new Proxy(extended, {
    get: (target, property, receiver) =>
      property === '$transaction'
        ? (...args: unknown[]) => after(transaction(...args))
        : Reflect.get(target, property, receiver),
  })
  // Same query surface as the base client (see withSanitizedPostContent).
  return withTransactions as unknown as PrismaClient
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this anonymous public read may be stored once answered. */
    publicCache?: {
      key: string
      generation: number
      effects: (() => void)[]
      done: (shared?: Shared) => void
    }
  }
}
