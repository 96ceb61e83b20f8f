-- Full-text search over published posts (blog search). Prisma cannot express expression indexes, so this
-- migration is written by hand. The expression must stay identical to the one in
-- packages/api/src/posts/public-search.ts or the planner will not use the index.
CREATE INDEX "posts_search_idx" ON "posts" USING GIN ((
  setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "excerpt"), 'B') ||
  setweight(to_tsvector('english'::regconfig, coalesce("location_name", '') || ' ' || coalesce("location_city", '') || ' ' || coalesce("location_country", '')), 'C')
));
