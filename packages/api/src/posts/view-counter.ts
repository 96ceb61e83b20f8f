import { Prisma, type PrismaClient } from '@wayfarer/db'

/** Counts post views (a read of `posts.bySlug`). */
export interface ViewCounter {
  /** Records one view of a post. */
  count(postId: number): void
  /** Views recorded by this process and not yet in the database. */
  pending(postId: number): number
}

/** A post's stored view count in SQL, for the post aliased `post` (a post without a row has none yet). */
export const storedViewsSql = (post: string) =>
  Prisma.sql`coalesce((SELECT v."count" FROM "post_views" v WHERE v."post_id" = ${Prisma.raw(`"${post}"`)}."id"), 0)`

/**
 * Rows per statement when views are written. On the embedded database a statement runs on the server's one
 * thread; other requests' statements go between these small ones.
 */
const ROWS_PER_STATEMENT = 100

/**
 * Views counted in memory and written in batches: one statement adds each post's views since the last write
 * to its row in `post_views` (`count = count + n`, so several processes sharing a database add up correctly).
 * No row is written per view, and the post's own row is not written at all: `updated_at` keeps meaning "last
 * edited", and its kept pages and search documents stay as they are. A failed write keeps the counts for the next attempt;
 * `stop()` writes what is left (the server calls it on a clean shutdown, before closing the database).
 */
export class BatchedViewCounter implements ViewCounter {
  private counts = new Map<number, number>()
  private writing = new Map<number, number>()
  private queue: Promise<void> = Promise.resolve()
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: {
      flushEveryMs: number
      onError?: (error: unknown) => void
      /**
       * After each statement, with the views it wrote (post id, views), in the same moment they leave `pending`:
       * whoever adds `pending` to a stored count it holds adds these to that count.
       */
      onWritten?: (written: [number, number][]) => void
    },
  ) {}

  count(postId: number): void {
    this.counts.set(postId, (this.counts.get(postId) ?? 0) + 1)
  }

  pending(postId: number): number {
    return (this.counts.get(postId) ?? 0) + (this.writing.get(postId) ?? 0)
  }

  /** Writes every `flushEveryMs` until `stop()`. */
  start(): void {
    this.timer ??= setInterval(() => {
      this.flush().catch((error: unknown) => this.options.onError?.(error))
    }, this.options.flushEveryMs)
    this.timer.unref()
  }

  /** Writes the views counted so far; flushes never overlap. */
  flush(): Promise<void> {
    const next = this.queue.catch(() => undefined).then(() => this.write())
    this.queue = next
    return next
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.flush()
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return
    this.writing = this.counts
    this.counts = new Map()
    // In id order, so two processes adding to the same rows take their locks in the same order.
    const rows = [...this.writing].sort(([a], [b]) => a - b)
    try {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT)
        // Only posts that still exist: views of a post deleted since they were counted are dropped.
        await this.prisma.$executeRaw`
          INSERT INTO "post_views" ("post_id", "count")
          SELECT v."id", v."n"
          FROM (VALUES ${Prisma.join(chunk.map(([id, n]) => Prisma.sql`(${id}::int, ${n}::int)`))}) AS v("id", "n")
          WHERE EXISTS (SELECT 1 FROM "posts" p WHERE p."id" = v."id")
          ON CONFLICT ("post_id") DO UPDATE SET "count" = "post_views"."count" + EXCLUDED."count"`
        for (const [id] of chunk) this.writing.delete(id)
        this.options.onWritten?.(chunk)
      }
    } finally {
      // Whatever was not written goes back to be written next time.
      for (const [id, n] of this.writing) this.counts.set(id, (this.counts.get(id) ?? 0) + n)
      this.writing = new Map()
    }
  }
}
