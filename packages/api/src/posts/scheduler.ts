import type { PrismaClient } from '@wayfarer/db'

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

// setTimeout's longest delay; anything later is reached through the periodic check.
const MAX_DELAY_MS = 2_147_483_647

/**
 * The scheduled-publishing job: a timer set to the next due post, plus a periodic check (for posts scheduled
 * by another process or by the CLI). Each run publishes what is due and tells `onPublished`, which announces
 * the change to the public-read cache.
 */
export class PostScheduler implements SchedulerHandle {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private stopped = false

  constructor(
    private readonly options: {
      prisma: PrismaClient
      now: () => Date
      checkEveryMs: number
      onPublished: (posts: PublishedByScheduler[]) => void | Promise<void>
      onError: (error: unknown) => void
    },
  ) {}

  start(): void {
    this.stopped = false
    this.wake()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.run().finally(() => {
      this.running = null
      if (this.again) {
        this.again = false
        this.wake()
      }
    })
  }

  private async run(): Promise<void> {
    const { prisma, now, checkEveryMs } = this.options
    let delay = checkEveryMs
    try {
      const published = await publishDuePosts(prisma, now())
      if (published.length) await this.options.onPublished(published)
      const due = await nextDueTime(prisma)
      if (due) delay = Math.min(delay, Math.max(0, due.getTime() - now().getTime()))
    } catch (error) {
      this.options.onError(error)
    }
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.wake(), Math.min(delay, MAX_DELAY_MS))
    this.timer.unref()
  }
}
