-- Blog search at 10,000 stories: the spec's case-insensitive substring match (ILIKE '%…%' on title,
-- excerpt, location name and country) is answered by trigram indexes, so the search's OR of full-text and
-- substrings becomes a BitmapOr of index scans instead of a scan computing to_tsvector for every row.
-- Written by hand: Prisma cannot express operator classes of an extension. pg_trgm is a trusted extension
-- (PostgreSQL 13+), and the embedded database loads it (packages/db/src/index.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "posts_excerpt_trgm_idx" ON "posts" USING GIN ("excerpt" gin_trgm_ops);
CREATE INDEX "posts_location_name_trgm_idx" ON "posts" USING GIN ("location_name" gin_trgm_ops);
CREATE INDEX "posts_location_country_trgm_idx" ON "posts" USING GIN ("location_country" gin_trgm_ops);
