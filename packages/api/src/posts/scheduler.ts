import type { PrismaClient } from '@wayfarer/db'
import { BackgroundJob, type BackgroundJobOptions } from '../background-job'

export interface PublishedByScheduler {
  id: number
  slug: string
}

/**
 * Makes every scheduled post whose time has come public, in one atomic statement: with several server
 * processes on one PostgreSQL database, the row lock makes the second UPDATE see the post as published
 * already, so each post is published (and announced) by exactly one process.
 */
export async function publishDuePosts(prisma: PrismaClient, now: Date): Promise<PublishedByScheduler[]> {
  const rows = await prisma.$queryRaw<{ id: number; slug: string }[]>`
    UPDATE "posts" SET "status" = 'published', "updated_at" = ${now}
    WHERE "status" = 'scheduled' AND "published_at" <= ${now}
    RETURNING "id", "slug"`
  return rows.map((r) => ({ id: Number(r.id), slug: r.slug }))
}

async function nextDueTime(prisma: PrismaClient): Promise<Date | null> {
  const row = await prisma.post.findFirst({
    where: { status: 'scheduled' },
    orderBy: { publishedAt: 'asc' },
    select: { publishedAt: true },
  })
  return row?.publishedAt ?? null
}

/** What the rest of the app may ask of the scheduler: look again now (a post was scheduled or rescheduled). */
export interface SchedulerHandle {
  wake(): void
}

/**
 * The scheduled-publishing job: a timer set to the next due post, plus a periodic check (for posts scheduled
 * by another process or by the CLI). Each run publishes what is due and tells `onPublished`, which announces
 * the change to the public-read cache.
 */
export class PostScheduler extends BackgroundJob implements SchedulerHandle {
  constructor(
    private readonly options: BackgroundJobOptions & {
      prisma: PrismaClient
      now: () => Date
      onPublished: (posts: PublishedByScheduler[]) => void | Promise<void>
    },
  ) {
    // Awake from the outset: a wake-up before start() already publishes what is due.
    super(options, false)
  }

  protected async pass(): Promise<number | void> {
    const { prisma, now } = this.options
    const published = await publishDuePosts(prisma, now())
    if (published.length) await this.options.onPublished(published)
    const due = await nextDueTime(prisma)
    if (due) return Math.max(0, due.getTime() - now().getTime())
  }
}
