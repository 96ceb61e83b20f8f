-- The blog search's text tier: the posts whose stored text document (search_body) matches a query, with the
-- columns the search filters and orders them by (the caller applies visibility and category to them).
-- The planner does not count what testing a row's document costs: the documents are TOASTed, so a sequential scan,
-- or the status index with the document as a filter, detoasts every row it passes (about 38,000 buffers a search
-- at 10,000 stories, whatever the words). It chose those plans over the GIN index, which answers from its
-- posting lists without reading any document. Inside this function sequential scans are off (a SET clause keeps
-- the function from being inlined, so the setting applies to this one query and nothing else), and the query has
-- no other condition an index could serve, which leaves the GIN index as the way to the rows. Returning the
-- columns, rather than ids to join back to the posts, keeps the caller's plan from rescanning this function.
CREATE FUNCTION "post_search_body_matches"("query" tsquery)
RETURNS TABLE ("id" integer, "published_at" timestamp(3), "status" "PostStatus", "category_id" integer)
LANGUAGE sql STABLE PARALLEL SAFE STRICT
SET enable_seqscan = off
AS 'SELECT "id", "published_at", "status", "category_id" FROM "posts" WHERE "search_body" @@ $1';
