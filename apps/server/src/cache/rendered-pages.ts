import { createHash, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import DataLoader from 'dataloader'
import { Prisma, type PrismaClient } from '@wayfarer/db'
import { publicPostSql, storedViewsSql, type ViewCounter } from '@wayfarer/api'
import { bodyOf, decodePageFile, encodePageFile, gzipOf, identityOf, type LazyBody, type PageFile } from './page-file'

/**
 * A published story's page (`/blog/{slug}`) and its REST answer (`/api/posts/slug/{slug}`), made after every write
 * that changes them and kept in the database (table rendered_pages), so that a first visit — a crawler, a link
 * that fans out to many stories — costs one lookup instead of a render. See ARCHITECTURE.md, "Reading and search".
 *
 * - Made by asking this server itself (`inject`), so a kept answer is byte for byte what the route sends: the
 *   head, the first-view data, the CSP and every header. Those requests carry a token only this process knows:
 *   they count no view, pass the public-read cache by and are not logged.
 * - Labelled with the versions it was made from (table page_versions, raised by triggers on every write of what
 *   the answer shows), read before it is made; the lookup compares them with the current ones in its one
 *   statement. So a read after a write, in this process or another, never gets what was made before the write:
 *   at worst a page made after it but labelled before it is not served.
 * - The view count is the one live part: where it stands in the body is kept, and each hit writes in the current
 *   count (stored plus not yet written), as the route would.
 * - Made again in the background after each change this process hears of (its own writes, another process's
 *   notification), one answer at a time with the event loop free between answers; the write was acknowledged
 *   long before. Until then a visit is answered by the route, as before.
 * - Reading a 13 KB body out of the database costs more than the whole answer may (on the embedded database,
 *   which runs on the server's one thread, about 1.2 ms). So each process also keeps each answer as a file
 *   (`filesDir`, format in page-file.ts) with its labels, written when it makes the answer or on its first hit
 *   in the table. A hit reads the file and checks its labels: on the embedded database against the versions and
 *   view counts of every published story held in memory (`holdsCurrent`: one process hears of every write),
 *   read again after every change (meanwhile lookups use the table); on PostgreSQL against the story's versions
 *   read in one small statement.
 */

/** The answers kept per published story, and where each is asked for. */
const KINDS = [
  { name: 'page', address: (slug: string) => `/blog/${encodeURIComponent(slug)}`, pattern: /^\/blog\/[^/?]+$/ },
  {
    name: 'api',
    address: (slug: string) => `/api/posts/slug/${encodeURIComponent(slug)}`,
    pattern: /^\/api\/posts\/slug\/[^/?]+$/,
    // The REST read by slug counts a view, on every hit too (docs/product.md, "The REST contract").
    countsView: true,
  },
] as const

type Kind = (typeof KINDS)[number]

const kindOf = (url: string): Kind | undefined => KINDS.find((kind) => kind.pattern.test(url))

/** The story's view count in a kept body: `"view_count":` appears once (JSON escapes every quote in text). */
const VIEW_COUNT = '"view_count":'

/**
 * A kept file read at once: a few kilobytes, from the page cache on a site being read. fs/promises' readFile
 * takes four trips to the thread pool (open, stat, read, close), whose bookkeeping on this thread cost a crawler's
 * visit more than the read (about a quarter of a hit's time); the embedded database reads its files synchronously
 * on this thread anyway.
 */
function readKeptFile(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Stories read per statement while making answers. */
const BATCH = 50

const RENDER_HEADER = 'x-wayfarer-render'
const renderToken = randomUUID()

/** Whether this request is one of this process's own, making a kept answer. */
export const isRenderRequest = (request: FastifyRequest): boolean => request.headers[RENDER_HEADER] === renderToken

/** A kept answer as served now: the current view count written in. */
export interface StoredAnswer {
  headers: Record<string, string>
  body: LazyBody
  etag: string
  /** What the route does besides answering (count a view), done on every hit. */
  effects: (() => void)[]
  /** The body gzip-compressed, when it came from a file (no compression on the hit). */
  gzip?: Buffer
}

interface Made {
  path: string
  post_id: number
  post_version: string
  site_version: string
  headers: Record<string, string>
  body: string
  views_at: number
  views_length: number
  etag: string
}

export interface RenderedPagesOptions {
  /** The database without the public cache's invalidation: what this class writes changes nothing visitors see. */
  prisma: PrismaClient
  app: FastifyInstance
  views: ViewCounter
  /** What every kept answer depends on besides the data (the web build, the addresses, this code). */
  signature: string
  /** Whether the site has pages (a web build); without one only the REST answers are kept. */
  pages: boolean
  /** Where this process keeps its copies of the answers as files (inside DATA_DIR, not in backups). */
  filesDir?: string | undefined
  /**
   * Whether this process hears of every write (the embedded database: one process), so it can hold what is
   * current in memory; otherwise each file hit asks the database for the story's versions.
   */
  holdsCurrent: boolean
  log: FastifyBaseLogger
}

/** A published story's current version and stored view count, and the site's version. */
interface Current {
  version: string
  views: number
  site: string
}

/** Every published story's current version and stored view count, and the site's version. */
interface Known {
  site: string
  posts: Map<number, { version: string; views: number }>
}

export class RenderedPages {
  private readonly kinds: readonly Kind[]
  private sweeping: Promise<void> | undefined
  private again = false
  /** Answers are made by asking the server, so only between its start (ready) and its close. */
  private running = false
  /** With files: what is current, or undefined while it is being read again after a change. */
  private known: Known | undefined
  /** Changes heard of so far: a reading of `known` overtaken by one is dropped. */
  private changes = 0
  private reading: Promise<void> | undefined
  private readAgain = false
  /** Batches of views written so far: a reading of `known` they overlapped may have missed them. */
  private viewWrites = 0
  /** Files being written (in the thread pool, which a loaded machine can hold up for most of a second). */
  private readonly writing = new Set<Promise<void>>()

  constructor(private readonly options: RenderedPagesOptions) {
    this.kinds = KINDS.filter((kind) => options.pages || kind.name !== 'page')
  }

  /** Whether `url` is an address whose answer may be kept (a query string never is). */
  serves(url: string): boolean {
    const kind = kindOf(url)
    return kind !== undefined && this.kinds.includes(kind)
  }

  /** The kept answer for `url`, if it is still what the route would send: from its file, else one statement. */
  async lookup(url: string): Promise<StoredAnswer | undefined> {
    const kind = kindOf(url)
    if (!kind || !this.kinds.includes(kind)) return undefined
    const counts = 'countsView' in kind && kind.countsView
    const known = this.known
    if (this.options.filesDir && (known || !this.options.holdsCurrent)) {
      const file = readKeptFile(this.fileOf(url))
      const page = file ? decodePageFile(file) : undefined
      if (page && page.signature === this.options.signature) {
        const held = known && this.known === known ? known.posts.get(page.postId) : undefined
        const current = known ? held && { ...held, site: known.site } : await this.currentInDatabase.load(page.postId)
        if (current && current.version === page.postVersion && current.site === page.siteVersion)
          return this.fromFile(page, current.views, counts)
      }
    }
    const [row] = await this.options.prisma.$queryRaw<
      {
        post_id: number
        headers: Record<string, string>
        body: string
        views_at: number
        views_length: number
        etag: string
        view_count: number
        post_version: bigint
        site_version: bigint
      }[]
    >`SELECT r."post_id", r."headers", r."body", r."views_at", r."views_length", r."etag", ${storedViewsSql('p')} AS "view_count",
             r."post_version", r."site_version"
      FROM "rendered_pages" r JOIN "posts" p ON p."id" = r."post_id"
      WHERE r."path" = ${url} AND r."signature" = ${this.options.signature} AND ${publicPostSql('p')}
        AND r."post_version" = coalesce((SELECT v."version" FROM "page_versions" v WHERE v."post_id" = r."post_id"), 0)
        AND r."site_version" = coalesce((SELECT v."version" FROM "page_versions" v WHERE v."post_id" = 0), 0)`
    if (!row) return undefined
    const postId = row.post_id
    if (this.options.filesDir) {
      const { post_version, site_version } = row
      const labels = { postId, postVersion: String(post_version), siteVersion: String(site_version) }
      const file = encodePageFile(
        { ...labels, signature: this.options.signature, headers: row.headers, etag: row.etag },
        row.body,
        row.views_at,
        row.views_length,
      )
      this.writeFile(url, file)
    }
    const views = this.viewsShown(postId, Number(row.view_count), counts)
    const body = row.body.slice(0, row.views_at) + views + row.body.slice(row.views_at + row.views_length)
    return {
      headers: row.headers,
      body: bodyOf(Buffer.from(body)),
      etag: `W/"${row.etag}.${views}"`,
      effects: this.effects(postId, counts),
    }
  }

  /** Views written by this process's counter: the stored counts held move with them (see `viewsShown`). */
  viewsWritten(written: [number, number][]): void {
    this.viewWrites++
    for (const [id, n] of written) {
      const post = this.known?.posts.get(id)
      if (post) post.views += n
    }
  }

  /** Every change this process hears of: what is current is read again, and answers are made again. */
  changed(): void {
    this.changes++
    this.known = undefined
    this.readKnown()
    this.refresh()
  }

  /**
   * Published stories' versions and stored view counts, and the site's version: all of them, or those in `ids`.
   * A story not published has no row.
   */
  private current(ids?: readonly number[]) {
    return this.options.prisma.$queryRaw<{ id: number; version: bigint; views: number; site: bigint }[]>`
      SELECT p."id", coalesce(v."version", 0) AS "version", coalesce(c."count", 0) AS "views",
             coalesce((SELECT s."version" FROM "page_versions" s WHERE s."post_id" = 0), 0) AS "site"
      FROM "posts" p LEFT JOIN "page_versions" v ON v."post_id" = p."id" LEFT JOIN "post_views" c ON c."post_id" = p."id"
      WHERE ${publicPostSql('p')} AND ${ids ? Prisma.sql`p."id" = ANY(${ids}::int[])` : Prisma.sql`TRUE`}`
  }

  /**
   * Several processes: the stories whose files were hit at about the same moment (the same turn of the event
   * loop), asked in one statement. Each is asked after its request came, so a write acknowledged before it is seen.
   */
  private readonly currentInDatabase = new DataLoader<number, Current | undefined>(
    async (ids) => {
      const rows = await this.current(ids)
      const byId = new Map(
        rows.map((r) => [r.id, { version: String(r.version), views: Number(r.views), site: String(r.site) }]),
      )
      return ids.map((id) => byId.get(id))
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run) },
  )

  private fromFile(page: PageFile, stored: number, counts: boolean): StoredAnswer {
    const views = this.viewsShown(page.postId, stored, counts)
    return {
      headers: page.headers,
      body: identityOf(page, views),
      gzip: gzipOf(page, views),
      etag: `W/"${page.etag}.${views}"`,
      effects: this.effects(page.postId, counts),
    }
  }

  /** As the route shows it: stored, plus not yet written, plus the view this answer counts. */
  private viewsShown(postId: number, stored: number, counts: boolean): string {
    return String(stored + this.options.views.pending(postId) + (counts ? 1 : 0))
  }

  private effects(postId: number, counts: boolean): (() => void)[] {
    return counts ? [() => this.options.views.count(postId)] : []
  }

  private fileOf(url: string): string {
    return path.join(this.options.filesDir ?? '', `${createHash('sha1').update(url).digest('base64url')}.page`)
  }

  /** Replaces the file whole (a reader gets the old one or the new one); a failure only costs speed. */
  private writeFile(url: string, file: Buffer): void {
    const target = this.fileOf(url)
    const temporary = `${target}.${randomUUID()}.tmp`
    const written: Promise<void> = mkdir(path.dirname(target), { recursive: true })
      .then(() => writeFile(temporary, file))
      .then(() => rename(temporary, target))
      .catch((err: unknown) => {
        this.options.log.debug({ err, url }, 'could not write a kept page file')
        return rm(temporary, { force: true })
      })
      .finally(() => this.writing.delete(written))
    this.writing.add(written)
  }

  /** Reads every published story's version and view count (`holdsCurrent`); again if a change came meanwhile. */
  private readKnown(): void {
    if (!this.options.holdsCurrent || !this.running) return
    if (this.reading) {
      this.readAgain = true
      return
    }
    const at = this.changes
    const views = this.viewWrites
    this.reading = this.current()
      .then((rows) => {
        if (at !== this.changes) return
        if (views !== this.viewWrites) {
          this.readAgain = true
          return
        }
        const posts = new Map(rows.map((r) => [r.id, { version: String(r.version), views: Number(r.views) }]))
        this.known = { site: String(rows[0]?.site ?? 0), posts }
      })
      .catch((err: unknown) => this.options.log.warn({ err }, 'could not read which kept pages are current'))
      .finally(() => {
        this.reading = undefined
        if (this.readAgain || (at !== this.changes && !this.known)) {
          this.readAgain = false
          this.readKnown()
        }
      })
  }

  /** From now on, make what is missing or out of date (the server is ready: routes answer). */
  start(): void {
    this.running = true
    this.readKnown()
    this.refresh()
  }

  /** Makes nothing more; resolves once the pass under way stops (before the server closes). */
  async stop(): Promise<void> {
    this.running = false
    await this.settled()
    await this.reading
  }

  /** Makes what is missing or out of date, soon; once more after the current pass if one is running. */
  refresh(): void {
    if (!this.running) return
    if (this.sweeping) {
      this.again = true
      return
    }
    this.sweeping = this.sweep()
      .catch((err: unknown) => this.options.log.warn({ err }, 'could not make the kept story pages'))
      .finally(() => {
        this.sweeping = undefined
        if (this.again) {
          this.again = false
          this.refresh()
        }
      })
  }

  /** Resolves once nothing is being made, read or written, and nothing is waiting to be (the bench, tests). */
  async settled(): Promise<void> {
    while (this.sweeping || this.reading || this.writing.size)
      await (this.sweeping ?? this.reading ?? Promise.all(this.writing))
  }

  /**
   * One pass over the published stories, newest first, making each answer whose kept copy is missing or was made
   * from other versions; then drops the copies no longer served.
   */
  private async sweep(): Promise<void> {
    const { prisma, signature } = this.options
    const [site] = await prisma.$queryRaw<{ version: bigint }[]>`
      SELECT coalesce((SELECT "version" FROM "page_versions" WHERE "post_id" = 0), 0) AS "version"`
    const siteVersion = String(site?.version ?? 0)
    let below: number | undefined
    for (;;) {
      const stories = await prisma.$queryRaw<{ id: number; slug: string; version: bigint }[]>`
        SELECT p."id", p."slug", coalesce(v."version", 0) AS "version"
        FROM "posts" p LEFT JOIN "page_versions" v ON v."post_id" = p."id"
        WHERE ${publicPostSql('p')} AND ${below === undefined ? Prisma.sql`TRUE` : Prisma.sql`p."id" < ${below}`}
          AND (SELECT count(*) FROM "rendered_pages" r
               WHERE r."post_id" = p."id" AND r."signature" = ${signature}
                 AND r."post_version" = coalesce(v."version", 0) AND r."site_version" = ${siteVersion}::bigint
              ) < ${this.kinds.length}
        ORDER BY p."id" DESC
        LIMIT ${BATCH}`
      if (stories.length === 0 || !this.running) break
      const made: Made[] = []
      for (const story of stories) {
        for (const kind of this.kinds) {
          if (!this.running) return
          const answer = await this.make(kind.address(story.slug))
          if (answer)
            made.push({ ...answer, post_id: story.id, post_version: String(story.version), site_version: siteVersion })
          // Visitors' requests go between two answers.
          await new Promise((resolve) => setImmediate(resolve))
        }
      }
      if (made.length) await this.keep(made)
      below = stories.at(-1)!.id
    }
    // Another signature's copies stay: overwritten as this process makes its own, and served by a process of the
    // other version while both run (a rolling deploy).
    const dropped = await prisma.$queryRaw<{ path: string }[]>`
      DELETE FROM "rendered_pages" r
      WHERE r."site_version" <> ${siteVersion}::bigint
         OR r."post_version" <> coalesce((SELECT v."version" FROM "page_versions" v WHERE v."post_id" = r."post_id"), 0)
         OR NOT EXISTS (SELECT 1 FROM "posts" p WHERE p."id" = r."post_id" AND ${publicPostSql('p')})
      RETURNING r."path"`
    // Their files would never be served (their labels are out of date): they go too.
    for (const { path: url } of dropped) await rm(this.fileOf(url), { force: true })
  }

  /** The route's answer to `path`, if it is one to keep: a 200 whose body shows the view count once. */
  private async make(path: string): Promise<Omit<Made, 'post_id' | 'post_version' | 'site_version'> | undefined> {
    const response = await this.options.app.inject({
      method: 'GET',
      url: path,
      headers: { [RENDER_HEADER]: renderToken },
    })
    if (response.statusCode !== 200) return undefined
    const body = response.body
    const at = body.indexOf(VIEW_COUNT)
    const digits =
      at === -1 || body.includes(VIEW_COUNT, at + 1) ? null : /^\d+/.exec(body.slice(at + VIEW_COUNT.length))
    if (!digits) {
      this.options.log.debug({ path }, 'not kept: the answer does not show its view count once')
      return undefined
    }
    const headers = keptHeaders(response.headers)
    headers['cache-control'] ??= 'public, no-cache'
    return {
      path,
      headers,
      body,
      views_at: at + VIEW_COUNT.length,
      views_length: digits[0].length,
      etag: createHash('sha1').update(body).digest('base64url'),
    }
  }

  private async keep(made: Made[]): Promise<void> {
    await this.options.prisma.$executeRaw`
      INSERT INTO "rendered_pages"
        ("path", "post_id", "post_version", "site_version", "signature", "headers", "body", "views_at", "views_length", "etag")
      SELECT x."path", x."post_id", x."post_version", x."site_version", ${this.options.signature}, x."headers", x."body",
             x."views_at", x."views_length", x."etag"
      FROM json_to_recordset(${JSON.stringify(made)}::json) AS x("path" text, "post_id" int, "post_version" bigint,
        "site_version" bigint, "headers" jsonb, "body" text, "views_at" int, "views_length" int, "etag" text)
      ON CONFLICT ("path") DO UPDATE SET "post_id" = EXCLUDED."post_id", "post_version" = EXCLUDED."post_version",
        "site_version" = EXCLUDED."site_version", "signature" = EXCLUDED."signature", "headers" = EXCLUDED."headers",
        "body" = EXCLUDED."body", "views_at" = EXCLUDED."views_at", "views_length" = EXCLUDED."views_length",
        "etag" = EXCLUDED."etag"`
    if (!this.options.filesDir) return
    for (const m of made) {
      const labels = { postId: m.post_id, postVersion: m.post_version, siteVersion: m.site_version }
      const file = encodePageFile(
        { ...labels, signature: this.options.signature, headers: m.headers, etag: m.etag },
        m.body,
        m.views_at,
        m.views_length,
      )
      this.writeFile(m.path, file)
    }
  }
}

/** Headers that belong to one response, not to the answer kept: set again (or left out) on every hit. */
export const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'x-cache',
  'date',
  'connection',
  'transfer-encoding',
  'keep-alive',
])

/** The headers of an answer that are the answer's own (content type, cache policy, security headers, CSP). */
export function keptHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return kept
}

/**
 * What a kept answer was made with besides the data: the web build's page, the settings that shape heads and
 * headers, and this server's code. A built server names its own bundle; run from source (development, tests)
 * every start is new, so a kept answer never outlives a code change.
 */
export function renderSignature(parts: { indexHtml: string | undefined; settings: unknown }): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.indexHtml ?? null, parts.settings, codeVersion()]))
    .digest('base64url')
}

let code: string | undefined
const codeVersion = (): string => {
  const file = fileURLToPath(import.meta.url)
  code ??= file.endsWith('.js') ? createHash('sha256').update(readFileSync(file)).digest('hex') : randomUUID()
  return code
}
