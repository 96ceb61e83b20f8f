-- The blog search reads two stored documents instead of computing to_tsvector for each row it ranks:
-- search_fields (title, excerpt, place: the fields a match ranks by) and search_body (the story text without its
-- HTML tags, bounded so a very long story still saves). They are generated columns, so PostgreSQL keeps them on
-- every write whichever process writes, and an import or a restore needs nothing more.
-- Accents and case are folded before the words are parsed: the text is decomposed (NFD), its combining
-- diacritical marks are dropped, the few letters with a stroke and no decomposition are mapped to their base
-- letter, then lower(). Unlike the unaccent extension, each step is immutable, so it may feed a stored column.
-- packages/api/src/posts/search-fold.ts folds the searched words the same way (a test compares the table).
-- The functions have SQL-standard bodies (no quoted body to split) and keep the columns short enough for
-- schema.prisma to name their expressions.
CREATE FUNCTION "search_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN lower(translate(regexp_replace(normalize("value", NFD), '[\u0300-\u036f]', '', 'g'), 'øØđĐłŁħĦıŧŦƀ', 'oOdDlLhHitTb'));

CREATE FUNCTION "post_search_fields"("title" text, "excerpt" text, "place" text, "city" text, "country" text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('english'::regconfig, search_fold(coalesce("title", ''))), 'A')
  || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("excerpt", ''))), 'B')
  || setweight(to_tsvector('english'::regconfig, search_fold(coalesce("place", '') || ' ' || coalesce("city", '') || ' ' || coalesce("country", ''))), 'C');

CREATE FUNCTION "post_search_body"("content" text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english'::regconfig, search_fold(left(regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g'), 100000)));

ALTER TABLE "posts" ADD COLUMN "search_fields" tsvector GENERATED ALWAYS AS (post_search_fields("title", "excerpt", "location_name", "location_city", "location_country")) STORED;
ALTER TABLE "posts" ADD COLUMN "search_body" tsvector GENERATED ALWAYS AS (post_search_body("content")) STORED;

-- Replaced by the stored documents (it computed the same fields without folding accents).
DROP INDEX IF EXISTS "posts_search_idx";

CREATE INDEX "posts_search_fields_idx" ON "posts" USING GIN ("search_fields");
CREATE INDEX "posts_search_body_idx" ON "posts" USING GIN ("search_body");
