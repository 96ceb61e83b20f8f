import { Prisma } from '@wayfarer/db'
import { publicPostSql } from './visibility'

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

/** Published posts in a category given by slug or exact name (chips send names, footer links slugs). */
export const inCategory = (category: string | undefined) =>
  category === undefined
    ? Prisma.sql`TRUE`
    : Prisma.sql`p."category_id" IN (SELECT "id" FROM "categories" WHERE "slug" = ${category} OR "name" = ${category})`

/**
 * The published posts matching a search, as rows of (id, ord, total): `ord` is the rank order (best first),
 * `total` the number of matches. Ranked full-text search over title, excerpt, location and category name,
 * united with the documented case-insensitive substring match (title, excerpt, location name, location country,
 * category name), so a fragment such as "apurn" or a single letter still finds what docs/product.md says it finds.
 *
 * Every condition reads only the posts row (categories are resolved to ids first) and has its index (full-text
 * GIN, trigram GIN from the `search_trigram_indexes` migration, category_id); ranking reads only the hits.
 */
export function searchHits(search: string, category: string | undefined): Prisma.Sql {
  const tsQuery = toPrefixQuery(search)
  const query = tsQuery ? Prisma.sql`to_tsquery('english'::regconfig, ${tsQuery})` : Prisma.sql`NULL::tsquery`
  const like = `%${escapeLike(search)}%`
  // One SELECT per condition, united: each is planned on its own and so takes its own index. As one OR the
  // planner preferred reading every published row and computing to_tsvector for each (0.5 s at 10,000 stories).
  const matching = Prisma.sql`
    SELECT p."id" FROM "posts" p WHERE ${postDocument} @@ ${query}
    UNION SELECT p."id" FROM "posts" p WHERE p."title" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."excerpt" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."location_name" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."location_country" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."category_id" = ANY(ARRAY(
      SELECT "id" FROM "categories" WHERE "name" ILIKE ${like} OR to_tsvector('english'::regconfig, "name") @@ ${query}
    ))`
  return Prisma.sql`
    SELECT m."id",
      row_number() OVER (ORDER BY m."score" DESC, m."published_at" DESC, m."id" DESC)::int AS "ord",
      count(*) OVER ()::int AS "total"
    FROM (
      SELECT p."id", p."published_at",
        coalesce(ts_rank(${postDocument}, ${query}), 0)
          + 0.1 * coalesce(ts_rank(to_tsvector('english'::regconfig, coalesce(c."name", '')), ${query}), 0)
          + CASE WHEN p."title" ILIKE ${like} THEN 0.05 ELSE 0 END AS "score"
      FROM (${matching}) hit
        JOIN "posts" p ON p."id" = hit."id"
        LEFT JOIN "categories" c ON c."id" = p."category_id"
      WHERE ${publicPostSql('p')}
        AND ${inCategory(category)}
    ) m`
}
