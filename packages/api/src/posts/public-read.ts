import DataLoader from 'dataloader'
import { Prisma, type PrismaClient } from '@wayfarer/db'
import { publicPostSql } from './visibility'
import type { PostCard, PublicPost } from './public-schema'
import type { SearchMatches } from './search-index'
import type { Remember } from '../deps'
import { isSafeImageUrl } from '../media/image-url'
import { storedViewsSql } from './view-counter'

// Public reads are hand-written SQL: one statement returns a page of posts with category, author and tags
// (Prisma's includes cost one extra statement per relation, and PGlite runs every statement on the server's
// thread). The stored HTML is served as stored: it is sanitised when written (see sanitized-writes.ts).

/** Only public posts (posts/visibility.ts) are read here; every public statement filters on this. */
export const isPublished = publicPostSql('p')

/** Published posts in a category given by slug or exact name (chips send names, footer links slugs). */
const inCategory = (category: string | undefined) =>
  category === undefined
    ? Prisma.sql`TRUE`
    : Prisma.sql`p."category_id" IN (SELECT "id" FROM "categories" WHERE "slug" = ${category} OR "name" = ${category})`

/** Newest first; the same order as the index on (status, published_at DESC). */
const newestFirst = Prisma.sql`p."published_at" DESC, p."id" DESC`

const cardColumns = Prisma.sql`
  p."id", p."slug", p."title", p."excerpt", p."featured_image", p."featured_image_alt",
  c."name" AS "category_name", c."color" AS "category_color", p."reading_time",
  p."location_name", p."location_country", p."published_at", p."created_at"`

/** Every column of the public shape; `content` left empty when the caller drops it (it is most of a row's bytes). */
const postColumnsOf = (content: boolean) => Prisma.sql`${cardColumns},
  ${content ? Prisma.sql`p."content"` : Prisma.sql`''::text AS "content"`}, u."first_name", u."last_name", p."location_city",
  ${storedViewsSql('p')} AS "view_count", p."meta_title", p."meta_description",
  coalesce((SELECT json_agg(json_build_object('id', t."id", 'name', t."name") ORDER BY t."name", t."id")
            FROM "post_tags" pt JOIN "tags" t ON t."id" = pt."tag_id" WHERE pt."post_id" = p."id"), '[]'::json) AS "tags"`
const postColumns = postColumnsOf(true)

const postTables = Prisma.sql`"posts" p LEFT JOIN "categories" c ON c."id" = p."category_id" JOIN "users" u ON u."id" = p."author_id"`
const cardTables = Prisma.sql`"posts" p LEFT JOIN "categories" c ON c."id" = p."category_id"`

interface CardRow {
  id: number
  slug: string
  title: string
  excerpt: string
  featured_image: string | null
  featured_image_alt: string | null
  category_name: string | null
  category_color: string | null
  reading_time: number
  location_name: string | null
  location_country: string | null
  published_at: Date | string | null
  created_at: Date | string
  /** Present when the statement counted the matches (first row of a page). */
  total?: number | bigint
}

interface PostRow extends CardRow {
  content: string
  first_name: string
  last_name: string
  location_city: string | null
  view_count: number
  meta_title: string | null
  meta_description: string | null
  tags: { id: number; name: string }[] | string
}

// What was stored before the rule existed (or written by hand) is checked again when it is shown.
const safeImageUrl = (url: string | null): string | null => (url && isSafeImageUrl(url) ? url : null)
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString()

function toCard(row: CardRow): PostCard {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    featured_image: safeImageUrl(row.featured_image),
    featured_image_alt: row.featured_image_alt,
    category_name: row.category_name,
    category_color: row.category_color,
    reading_time: Number(row.reading_time),
    location_name: row.location_name,
    location_country: row.location_country,
    published_at: row.published_at === null ? null : iso(row.published_at),
    created_at: iso(row.created_at),
  }
}

/** `pendingViews` adds the views counted in memory and not yet written, so an uncached read is exact. */
function toPublicPost(row: PostRow, pendingViews: (postId: number) => number): PublicPost {
  const card = toCard(row)
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    excerpt: card.excerpt,
    content: row.content,
    featured_image: card.featured_image,
    featured_image_alt: card.featured_image_alt,
    category_name: card.category_name,
    category_color: card.category_color,
    reading_time: card.reading_time,
    first_name: row.first_name,
    last_name: row.last_name,
    location_name: card.location_name,
    location_city: row.location_city,
    location_country: card.location_country,
    published_at: card.published_at,
    created_at: card.created_at,
    view_count: Number(row.view_count) + pendingViews(card.id),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as { id: number; name: string }[]) : row.tags,
  }
}

/**
 * Which published posts a list shows: all, one category (slug or exact name), or a search's matches (whose rows,
 * read by id, are kept with `remember`).
 */
export type PostFilter = { category?: string | undefined; hits?: SearchMatches | undefined; remember?: Remember }

export interface Page<T> {
  rows: T[]
  total: number
}

/**
 * One page of published posts, newest first, with the number of all matches, in one statement (a second,
 * count-only one when the page is past the end). With `hits` (a window of a search's matches, in order, holding
 * this page) the page is that slice of them, read by id; rows of a `kind` (the columns without the story's text) are kept for later pages.
 */
async function selectPage<R extends CardRow>(
  prisma: PrismaClient,
  columns: Prisma.Sql,
  tables: Prisma.Sql,
  filter: PostFilter,
  limit: number,
  offset: number,
  kind: string | undefined,
): Promise<Page<R>> {
  if (filter.hits) {
    const from = offset - filter.hits.offset
    const ids = filter.hits.ids.slice(from, from + limit)
    const keep = kind && filter.remember ? { kind, remember: filter.remember } : undefined
    return { rows: ids.length ? await rowsByIds<R>(prisma, columns, tables, ids, keep) : [], total: filter.hits.total }
  }
  const where = Prisma.sql`${isPublished} AND ${inCategory(filter.category)}`
  const rows = await prisma.$queryRaw<R[]>`
    SELECT ${columns}, (SELECT count(*)::int FROM ${cardTables} WHERE ${where}) AS "total"
    FROM ${tables}
    WHERE ${where}
    ORDER BY ${newestFirst}
    LIMIT ${limit} OFFSET ${offset}`
  if (rows.length || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) }
  const [count] = await prisma.$queryRaw<
    { total: number }[]
  >`SELECT count(*)::int AS "total" FROM ${cardTables} WHERE ${where}`
  return { rows, total: Number(count?.total ?? 0) }
}

/**
 * Published posts by id, in that order (one unpublished since its id was found is left out). With `keep`, each row
 * is kept until the next write: the stories a search finds first are much the same from one search to the next
 * (the best matches, the newest), so most of a page is read once however many different searches show it. The
 * rows not kept yet are read by `rowLoader`, with those every other search of the moment lacks.
 */
async function rowsByIds<R extends CardRow>(
  prisma: PrismaClient,
  columns: Prisma.Sql,
  tables: Prisma.Sql,
  ids: number[],
  keep: { kind: string; remember: Remember } | undefined,
): Promise<R[]> {
  if (!keep) {
    const at = new Map(ids.map((id, i) => [id, i]))
    return (await readRows<R>(prisma, columns, tables, ids)).sort((a, b) => at.get(a.id)! - at.get(b.id)!)
  }
  const loader = rowLoader<R>(prisma, columns, tables, keep.kind)
  const rows = await Promise.all(ids.map((id) => keep.remember(`${keep.kind}:${id}`, () => loader.load(id))))
  return rows.filter((row) => row !== undefined)
}

const readRows = <R extends CardRow>(
  prisma: PrismaClient,
  columns: Prisma.Sql,
  tables: Prisma.Sql,
  ids: readonly number[],
) => prisma.$queryRaw<R[]>`SELECT ${columns} FROM ${tables} WHERE p."id" = ANY(${ids}::int[]) AND ${isPublished}`

const rowLoaders = new WeakMap<PrismaClient, Map<string, DataLoader<number, CardRow | undefined>>>()

/**
 * The rows of one `kind` that the searches answered in one turn of the event loop lack, read in one statement
 * once that turn's work is done. Fifty readers searching at once then cost the database a statement or two per
 * turn instead of one each (on the embedded database every statement costs the server's one thread about a
 * millisecond, whatever it reads). A kind always names the same columns. Nothing is cached here: what is kept,
 * and until when, is `remember`'s.
 */
function rowLoader<R extends CardRow>(
  prisma: PrismaClient,
  columns: Prisma.Sql,
  tables: Prisma.Sql,
  kind: string,
): DataLoader<number, R | undefined> {
  let byKind = rowLoaders.get(prisma)
  if (!byKind) rowLoaders.set(prisma, (byKind = new Map()))
  let loader = byKind.get(kind)
  if (!loader) {
    loader = new DataLoader<number, CardRow | undefined>(
      async (ids) => {
        const found = new Map(
          (await readRows<CardRow>(prisma, columns, tables, [...ids])).map((row) => [Number(row.id), row]),
        )
        return ids.map((id) => found.get(id))
      },
      { cache: false, maxBatchSize: 1_000, batchScheduleFn: (run) => setImmediate(run) },
    )
    byKind.set(kind, loader)
  }
  return loader as DataLoader<number, R | undefined>
}

export async function publicPostPage(
  prisma: PrismaClient,
  filter: PostFilter,
  limit: number,
  offset: number,
  pendingViews: (postId: number) => number,
  withContent = true,
): Promise<Page<PublicPost>> {
  const kind = withContent ? undefined : 'search-row:post'
  const page = await selectPage<PostRow>(prisma, postColumnsOf(withContent), postTables, filter, limit, offset, kind)
  return { rows: page.rows.map((r) => toPublicPost(r, pendingViews)), total: page.total }
}

export async function postCardPage(
  prisma: PrismaClient,
  filter: PostFilter,
  limit: number,
  offset: number,
): Promise<Page<PostCard>> {
  const page = await selectPage<CardRow>(prisma, cardColumns, cardTables, filter, limit, offset, 'search-row:card')
  return { rows: page.rows.map(toCard), total: page.total }
}

/** One published post by slug, with everything the public shape carries, in one statement. */
export async function publicPostBySlug(
  prisma: PrismaClient,
  slug: string,
  pendingViews: (postId: number) => number,
): Promise<PublicPost | null> {
  const [row] = await prisma.$queryRaw<
    PostRow[]
  >`SELECT ${postColumns} FROM ${postTables} WHERE p."slug" = ${slug} AND ${isPublished} LIMIT 1`
  return row ? toPublicPost(row, pendingViews) : null
}

/** Where a story is, as its page's head shows it (geo tags, JSON-LD); null when it has no coordinates. */
export interface StoryCoordinates {
  latitude: number
  longitude: number
  country_code: string | null
}

/**
 * A published post by slug and its coordinates, in one statement: every story page's head needs both, and on
 * the embedded database each statement costs the server's one thread about a millisecond.
 */
export async function publicStoryBySlug(
  prisma: PrismaClient,
  slug: string,
  pendingViews: (postId: number) => number,
): Promise<{ post: PublicPost; coordinates: StoryCoordinates | null } | null> {
  const [row] = await prisma.$queryRaw<
    (PostRow & { latitude: number | null; longitude: number | null; country_code: string | null })[]
  >`SELECT ${postColumns}, p."latitude", p."longitude", p."country_code"
    FROM ${postTables} WHERE p."slug" = ${slug} AND ${isPublished} LIMIT 1`
  if (!row) return null
  const coordinates =
    row.latitude === null || row.longitude === null
      ? null
      : { latitude: Number(row.latitude), longitude: Number(row.longitude), country_code: row.country_code }
  return { post: toPublicPost(row, pendingViews), coordinates }
}

/** Rows per statement when a caller wants every published post (the documented unpaged list, the sitemap). */
export const BATCH_SIZE = 500

type Cursor = { publishedAt: Date | string | null; id: number }

// Keyset pagination in the (published_at DESC, id DESC) order, where PostgreSQL puts NULL dates first.
const after = (cursor: Cursor | undefined) => {
  if (!cursor) return Prisma.sql`TRUE`
  if (cursor.publishedAt === null) return Prisma.sql`(p."published_at" IS NOT NULL OR p."id" < ${cursor.id})`
  const at = cursor.publishedAt instanceof Date ? cursor.publishedAt : new Date(cursor.publishedAt)
  return Prisma.sql`(p."published_at" < ${at} OR (p."published_at" = ${at} AND p."id" < ${cursor.id}))`
}

/**
 * Every published post, newest first, in keyset batches of BATCH_SIZE, so no statement and no batch is unbounded
 * (the REST list without a limit streams them).
 */
export async function* publicPostBatches(
  prisma: PrismaClient,
  pendingViews: (postId: number) => number,
): AsyncGenerator<PublicPost[]> {
  let cursor: Cursor | undefined
  for (;;) {
    const rows = await prisma.$queryRaw<PostRow[]>`
      SELECT ${postColumns} FROM ${postTables}
      WHERE ${isPublished} AND ${after(cursor)}
      ORDER BY ${newestFirst}
      LIMIT ${BATCH_SIZE}`
    if (rows.length) yield rows.map((row) => toPublicPost(row, pendingViews))
    const last = rows.at(-1)
    if (!last || rows.length < BATCH_SIZE) return
    cursor = { publishedAt: last.published_at, id: Number(last.id) }
  }
}

/** Slug and last change of every published post, newest first, in keyset batches (sitemap lastmod). */
export async function publishedPostDates(prisma: PrismaClient): Promise<{ slug: string; updated_at: string }[]> {
  const dates: { slug: string; updated_at: string }[] = []
  let cursor: Cursor | undefined
  for (;;) {
    const rows = await prisma.$queryRaw<
      { id: number; slug: string; published_at: Date | string | null; updated_at: Date | string }[]
    >`
      SELECT p."id", p."slug", p."published_at", p."updated_at" FROM "posts" p
      WHERE ${isPublished} AND ${after(cursor)}
      ORDER BY ${newestFirst}
      LIMIT ${BATCH_SIZE * 4}`
    for (const row of rows) dates.push({ slug: row.slug, updated_at: iso(row.updated_at) })
    const last = rows.at(-1)
    if (!last || rows.length < BATCH_SIZE * 4) return dates
    cursor = { publishedAt: last.published_at, id: Number(last.id) }
  }
}
