-- CreateTable
CREATE TABLE "post_revisions" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "featured_image" TEXT,
    "featured_image_alt" TEXT,
    "meta_title" TEXT,
    "meta_description" TEXT,
    "word_count" INTEGER NOT NULL DEFAULT 0,
    "autosave" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "post_revisions_post_id_id_idx" ON "post_revisions"("post_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
