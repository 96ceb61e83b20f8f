-- A story's view count lives in its own small table. The view counter adds a batch of views every few seconds:
-- as a column of "posts" each batch rewrote whole story rows, recomputing their stored search documents
-- (to_tsvector of the text) and updating their indexes: 40-160 ms per 100 stories on the embedded database,
-- on the server's only thread, against ~5 ms for the same write to a narrow table. A story without a row here
-- has no views yet. The row goes with its story.
CREATE TABLE "post_views" (
    "post_id" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "post_views_pkey" PRIMARY KEY ("post_id")
);

ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "post_views" ("post_id", "count") SELECT "id", "view_count" FROM "posts" WHERE "view_count" <> 0;

-- Every write of a story's row is now a change of its kept pages (views are no longer in the row).
DROP TRIGGER "posts_page_updated" ON "posts";
CREATE TRIGGER "posts_page_updated" AFTER UPDATE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "page_written"();

ALTER TABLE "posts" DROP COLUMN "view_count";
