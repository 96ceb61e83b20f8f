-- The blog search is answered from an index held by each server process (packages/api/src/posts/search-index.ts),
-- built from the stored documents search_fields and search_body. This table tells it what to read again: for
-- every post whose searched columns were written, and for the categories (post_id 0), the id of the last
-- transaction that wrote them (pg_current_xact_id: 64 bits, never wraps). A process that last looked when the
-- oldest running transaction was X reads again every post written by a transaction from X on: any transaction
-- before X had ended then, so its writes were already seen, whereas a transaction numbered below a later one can
-- still commit after it (sequence-like counters miss those). One row per post, so the table stays as small as
-- the posts. A deleted post keeps its row, which is how the index learns it is gone.
CREATE TABLE "post_search_versions" (
    "post_id" INTEGER NOT NULL,
    "xid" xid8 NOT NULL,

    CONSTRAINT "post_search_versions_pkey" PRIMARY KEY ("post_id")
);

CREATE INDEX "post_search_versions_xid_idx" ON "post_search_versions"("xid");

CREATE FUNCTION "post_search_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_search_versions" ("post_id", "xid")
  VALUES (CASE WHEN TG_TABLE_NAME = 'posts' THEN coalesce(NEW."id", OLD."id") ELSE 0 END, pg_current_xact_id())
  ON CONFLICT ("post_id") DO UPDATE SET "xid" = EXCLUDED."xid";
  RETURN NULL;
END
$$;

CREATE TRIGGER "posts_search_written" AFTER INSERT OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "post_search_written"();
-- Only writes of what the search reads: a batch of view counts is not a change.
CREATE TRIGGER "posts_search_updated" AFTER UPDATE ON "posts"
  FOR EACH ROW WHEN (
    OLD."title" IS DISTINCT FROM NEW."title" OR OLD."excerpt" IS DISTINCT FROM NEW."excerpt"
    OR OLD."content" IS DISTINCT FROM NEW."content" OR OLD."location_name" IS DISTINCT FROM NEW."location_name"
    OR OLD."location_city" IS DISTINCT FROM NEW."location_city"
    OR OLD."location_country" IS DISTINCT FROM NEW."location_country"
    OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."published_at" IS DISTINCT FROM NEW."published_at"
    OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."id" IS DISTINCT FROM NEW."id"
  ) EXECUTE FUNCTION "post_search_written"();
CREATE TRIGGER "categories_search_written" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "post_search_written"();

-- The search no longer asks PostgreSQL to match documents: their GIN indexes and the text tier's function go.
DROP FUNCTION IF EXISTS "post_search_body_matches"(tsquery);
DROP INDEX IF EXISTS "posts_search_fields_idx";
DROP INDEX IF EXISTS "posts_search_body_idx";
