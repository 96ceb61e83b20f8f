import { Prisma } from '@wayfarer/db'
import { foldForSearch } from './search-fold'
import { publicPostSql } from './visibility'

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

/** The order of a search's hits (the columns of `searchHits`): field matches by score, then body matches, newest first. */
export const searchOrder = (h: string) =>
  Prisma.sql`${Prisma.raw(h)}."tier", ${Prisma.raw(h)}."score" DESC, ${Prisma.raw(h)}."published_at" DESC, ${Prisma.raw(h)}."id" DESC`

/**
 * The published posts matching a search, as rows of (id, tier, score, published_at, total), in `searchOrder`;
 * `total` is the number of matches. Two tiers, as docs/product.md says:
 * 1. the fields: ranked full-text search over title, excerpt, place (the stored `search_fields` document) and
 *    category name, united with the documented case-insensitive substring match (title, excerpt, location name,
 *    location country, category name), so a fragment such as "apurn" or a single letter still finds them;
 * 2. the story's text (the stored `search_body` document): stories matching only there, newest first.
 * Accents and case are folded on both sides (search-fold.ts), so "sao" finds "São" and "Chișinău" "chisinau".
 *
 * Every condition reads only the posts row (the category one joins from the few matching categories, so
 * a search no category matches costs nothing there; an `= ANY(ARRAY(…))` of their ids was planned as a scan of
 * every post, 16–25 ms at 10,000 stories on PGlite) and has its index (the
 * documents' GIN indexes, trigram GIN from the `search_trigram_indexes` migration, category_id); ranking reads
 * only the field hits' small stored document, never the text. The text tier's ids come from
 * `post_search_body_matches` (migration `search_body_matches`, with the columns filtered and ordered here): the
 * text document's GIN index, never a scan that detoasts each row's document to test it.
 */
export function searchHits(search: string, category: string | undefined): Prisma.Sql {
  const tsQuery = toPrefixQuery(foldForSearch(search))
  const query = tsQuery ? Prisma.sql`to_tsquery('english'::regconfig, ${tsQuery})` : Prisma.sql`NULL::tsquery`
  const like = `%${escapeLike(search)}%`
  // One SELECT per condition, united: each is planned on its own and so takes its own index. As one OR the
  // planner preferred reading every published row and computing to_tsvector for each (0.5 s at 10,000 stories).
  const matching = Prisma.sql`
    SELECT p."id" FROM "posts" p WHERE p."search_fields" @@ ${query}
    UNION SELECT p."id" FROM "posts" p WHERE p."title" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."excerpt" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."location_name" ILIKE ${like}
    UNION SELECT p."id" FROM "posts" p WHERE p."location_country" ILIKE ${like}
    UNION SELECT p."id" FROM "categories" c JOIN "posts" p ON p."category_id" = c."id"
      WHERE c."name" ILIKE ${like} OR to_tsvector('english'::regconfig, c."name") @@ ${query}`
  return Prisma.sql`
    WITH "fields" AS MATERIALIZED (
      SELECT p."id", p."published_at", 0 AS "tier",
        coalesce(ts_rank(p."search_fields", ${query}), 0)
          + 0.1 * coalesce(ts_rank(to_tsvector('english'::regconfig, coalesce(c."name", '')), ${query}), 0)
          + CASE WHEN p."title" ILIKE ${like} THEN 0.05 ELSE 0 END AS "score"
      FROM (${matching}) hit
        JOIN "posts" p ON p."id" = hit."id"
        LEFT JOIN "categories" c ON c."id" = p."category_id"
      WHERE ${publicPostSql('p')}
        AND ${inCategory(category)}
    )
    SELECT m.*, count(*) OVER ()::int AS "total"
    FROM (
      SELECT * FROM "fields"
      UNION ALL
      SELECT p."id", p."published_at", 1 AS "tier", 0 AS "score"
      FROM "post_search_body_matches"(${query}) p
      WHERE ${publicPostSql('p')}
        AND ${inCategory(category)}
        AND NOT EXISTS (SELECT 1 FROM "fields" f WHERE f."id" = p."id")
    ) m`
}
