import { Prisma, type PrismaClient } from '@wayfarer/db'

/**
 * The post side of the search document. It must stay byte-for-byte the expression of the GIN index in the
 * migration `post_search_index`, or PostgreSQL will not use the index.
 */
const postDocument = Prisma.sql`(
  setweight(to_tsvector('english'::regconfig, p."title"), 'A') ||
  setweight(to_tsvector('english'::regconfig, p."excerpt"), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce(p."location_name", '') || ' ' || coalesce(p."location_city", '') || ' ' || coalesce(p."location_country", '')), 'C')
)`

/** "Annapurna trek!" → "annapurna:* & trek:*": every word must match, each also as a prefix. */
export function toPrefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Ids of the published posts matching a search, best first. Ranked full-text search over title, excerpt,
 * location and category name; the spec's case-insensitive substring match (title, excerpt, location name,
 * location country, category name) is always part of the result too, so a fragment such as "apurn" or a
 * single letter still finds what the spec says it finds.
 */
export async function searchPublishedPostIds(
  prisma: PrismaClient,
  search: string,
  category: string | undefined,
): Promise<number[]> {
  const tsQuery = toPrefixQuery(search)
  const query = tsQuery ? Prisma.sql`to_tsquery('english'::regconfig, ${tsQuery})` : Prisma.sql`NULL::tsquery`
  const like = `%${escapeLike(search)}%`
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT p."id"
    FROM "posts" p
    LEFT JOIN "categories" c ON c."id" = p."category_id"
    WHERE p."status" = 'published'
      AND (${category ?? null}::text IS NULL OR c."slug" = ${category ?? null}::text OR c."name" = ${category ?? null}::text)
      AND (
        ${postDocument} @@ ${query}
        OR to_tsvector('english'::regconfig, coalesce(c."name", '')) @@ ${query}
        OR p."title" ILIKE ${like} OR p."excerpt" ILIKE ${like}
        OR p."location_name" ILIKE ${like} OR p."location_country" ILIKE ${like} OR c."name" ILIKE ${like}
      )
    ORDER BY
      coalesce(ts_rank(${postDocument}, ${query}), 0)
        + 0.1 * coalesce(ts_rank(to_tsvector('english'::regconfig, coalesce(c."name", '')), ${query}), 0)
        + CASE WHEN p."title" ILIKE ${like} THEN 0.05 ELSE 0 END DESC,
      p."published_at" DESC NULLS LAST,
      p."id" DESC`
  return rows.map((r) => Number(r.id))
}
