-- CreateEnum
CREATE TYPE "SubscriberStatus" AS ENUM ('pending', 'confirmed', 'unsubscribed', 'bounced');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('pending', 'sending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "confirmed_at" TIMESTAMP(3),
ADD COLUMN     "last_confirmation_sent_at" TIMESTAMP(3),
ADD COLUMN     "name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'form',
ADD COLUMN     "status" "SubscriberStatus" NOT NULL DEFAULT 'pending',
ADD COLUMN     "trip_id" INTEGER;

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "mail_followers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "mailed_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "subscriber_id" INTEGER,
    "post_id" INTEGER,
    "payload" JSONB,
    "status" "MailStatus" NOT NULL DEFAULT 'pending',
    "tries" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mail_outbox_status_next_attempt_at_idx" ON "mail_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "mail_outbox_email_post_id_kind_key" ON "mail_outbox"("email", "post_id", "kind");

-- CreateIndex
CREATE INDEX "newsletter_subscribers_status_trip_id_idx" ON "newsletter_subscribers"("status", "trip_id");

-- AddForeignKey
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
