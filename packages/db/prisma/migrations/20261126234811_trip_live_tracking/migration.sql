/*
  Warnings:

  - A unique constraint covering the columns `[track_token_hash]` on the table `trips` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "trips" ADD COLUMN     "track_delay_minutes" INTEGER NOT NULL DEFAULT 1440,
ADD COLUMN     "track_paused" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "track_token_created_at" TIMESTAMP(3),
ADD COLUMN     "track_token_hash" TEXT,
ADD COLUMN     "track_zones" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "trip_track_points" (
    "id" SERIAL NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "recorded_at" TIMESTAMP(3) NOT NULL,
    "accuracy_m" DOUBLE PRECISION,
    "altitude_m" DOUBLE PRECISION,
    "battery" INTEGER,
    "source" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "image_id" INTEGER,
    "hidden_reason" TEXT,
    "public_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trip_track_points_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "trip_track_points_trip_id_recorded_at_idx" ON "trip_track_points"("trip_id", "recorded_at");

-- CreateIndex
CREATE INDEX "trip_track_points_public_at_idx" ON "trip_track_points"("public_at");

-- CreateIndex
CREATE UNIQUE INDEX "trip_track_points_trip_id_source_recorded_at_key" ON "trip_track_points"("trip_id", "source", "recorded_at");

-- CreateIndex
CREATE UNIQUE INDEX "trips_track_token_hash_key" ON "trips"("track_token_hash");

-- AddForeignKey
ALTER TABLE "trip_track_points" ADD CONSTRAINT "trip_track_points_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_track_points" ADD CONSTRAINT "trip_track_points_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "gallery_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Sources and reasons are CHECKs on plain text rather than new enum types (a restore replays every migration in one
-- transaction, and nothing may depend on an enum value created in it)
ALTER TABLE "trip_track_points" ADD CONSTRAINT "trip_track_points_source_check" CHECK ("source" IN ('owntracks', 'checkin', 'import'));
ALTER TABLE "trip_track_points" ADD CONSTRAINT "trip_track_points_hidden_reason_check" CHECK ("hidden_reason" IS NULL OR "hidden_reason" IN ('paused', 'too_fast'));
ALTER TABLE "trip_track_points" ADD CONSTRAINT "trip_track_points_point_check" CHECK ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180);
ALTER TABLE "trips" ADD CONSTRAINT "trips_track_delay_check" CHECK ("track_delay_minutes" BETWEEN 0 AND 525600);
