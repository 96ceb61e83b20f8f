-- Story pages and story answers kept ready (apps/server/src/cache/rendered-pages.ts): a published story's page
-- (/blog/{slug}) and its REST answer (/api/posts/slug/{slug}) are made after every write that changes them and
-- kept here, so a first visit costs one lookup. A kept answer is served only while the versions it was made
-- from are still current, and the lookup compares them in the same statement that reads it: a read after a
-- write, in any process, never gets the answer made before it.
--
-- page_versions: a number per post, raised by every write of what its answers show (the view count aside, which
-- the lookup reads live), and under post_id 0 one for what every story shows besides its own row (site
-- settings, categories, tags, authors' names). A post without a row is at version 0.
CREATE TABLE "page_versions" (
    "post_id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "page_versions_pkey" PRIMARY KEY ("post_id")
);

-- One kept answer per address: the bytes as first sent (without compression), the headers that go with them,
-- where in the body the view count stands (it is written in live on every hit), and what it was made from.
CREATE TABLE "rendered_pages" (
    "path" TEXT NOT NULL,
    "post_id" INTEGER NOT NULL,
    "post_version" BIGINT NOT NULL,
    "site_version" BIGINT NOT NULL,
    "signature" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "body" TEXT NOT NULL,
    "views_at" INTEGER NOT NULL,
    "views_length" INTEGER NOT NULL,
    "etag" TEXT NOT NULL,

    CONSTRAINT "rendered_pages_pkey" PRIMARY KEY ("path")
);

CREATE INDEX "rendered_pages_post_id_idx" ON "rendered_pages"("post_id");

CREATE FUNCTION "page_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target INTEGER := 0;
BEGIN
  IF TG_TABLE_NAME = 'posts' AND TG_OP = 'DELETE' THEN
    DELETE FROM "page_versions" WHERE "post_id" = OLD."id";
    DELETE FROM "rendered_pages" WHERE "post_id" = OLD."id";
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'posts' THEN
    target := NEW."id";
  ELSIF TG_TABLE_NAME = 'post_tags' THEN
    target := coalesce(NEW."post_id", OLD."post_id");
  END IF;
  INSERT INTO "page_versions" ("post_id", "version") VALUES (target, 1)
  ON CONFLICT ("post_id") DO UPDATE SET "version" = "page_versions"."version" + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER "posts_page_written" AFTER INSERT OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "page_written"();
-- Any column but the view count, compared whole so a column added later is covered too. A batch of view counts
-- changes only view_count and is not a change.
CREATE TRIGGER "posts_page_updated" AFTER UPDATE ON "posts"
  FOR EACH ROW WHEN (
    OLD."view_count" IS NOT DISTINCT FROM NEW."view_count"
    OR (to_jsonb(OLD) - 'view_count') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count')
  ) EXECUTE FUNCTION "page_written"();
CREATE TRIGGER "post_tags_page_written" AFTER INSERT OR UPDATE OR DELETE ON "post_tags"
  FOR EACH ROW EXECUTE FUNCTION "page_written"();
-- Everything below shows on every story (the head's site name, category names and colours, tag names, the
-- author's name): a write there makes every kept answer out of date.
CREATE TRIGGER "settings_page_written" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_written"();
CREATE TRIGGER "categories_page_written" AFTER UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_written"();
CREATE TRIGGER "tags_page_written" AFTER UPDATE OR DELETE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_written"();
CREATE TRIGGER "users_page_written" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "page_written"();
