-- AlterTable
ALTER TABLE "gallery_images" ADD COLUMN     "trip_id" INTEGER;

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "happened_at" TIMESTAMP(3),
ADD COLUMN     "trip_id" INTEGER;

-- CreateTable
CREATE TABLE "trips" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "cover_image_id" INTEGER,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "time_zone" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "trips_slug_key" ON "trips"("slug");

-- CreateIndex
CREATE INDEX "trips_status_start_date_idx" ON "trips"("status", "start_date" DESC);

-- CreateIndex
CREATE INDEX "gallery_images_trip_id_idx" ON "gallery_images"("trip_id");

-- CreateIndex
CREATE INDEX "gallery_images_taken_at_idx" ON "gallery_images"("taken_at");

-- CreateIndex
CREATE INDEX "posts_trip_id_idx" ON "posts"("trip_id");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_cover_image_id_fkey" FOREIGN KEY ("cover_image_id") REFERENCES "gallery_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A trip is a draft or published: a CHECK on plain text rather than a new enum type, so nothing here depends on
-- an enum value created in the same transaction (a restore replays every migration in one transaction)
ALTER TABLE "trips" ADD CONSTRAINT "trips_status_check" CHECK ("status" IN ('draft', 'published'));
ALTER TABLE "trips" ADD CONSTRAINT "trips_dates_check" CHECK ("end_date" IS NULL OR "end_date" >= "start_date");
