import type { PrismaClient } from '@wayfarer/db'

/**
 * When the next tracked point goes public. Nothing is written at that moment (a point is public once `public_at`
 * has passed), so whatever keeps public answers — the public-read cache — must not keep one past it: an answer
 * computed now stays true only until `freshUntil()`. A point that arrives already due (a phone sending a day's
 * backlog) calls `onReleased` at once: the cache drops everything.
 *
 * The moment is read from the database now and then (other processes add points too) and moved earlier by every
 * point this process records; while it is being read, or has just passed, nothing is kept. Answers already kept
 * were told a later moment (or none, when no release was to come): a release that comes before what they were told
 * calls `onEarlier`, which bounds them by it too.
 */
export class TrackReleases {
  /** Epoch ms of the earliest release still to come; Infinity: none; undefined: not read yet. */
  private next: number | undefined
  private checkedAt = Number.NEGATIVE_INFINITY
  private reading: Promise<void> | undefined
  /** The earliest release noted while a read was under way (that read may have missed it). */
  private notedDuringRead = Number.POSITIVE_INFINITY
  /** Bumped by reset(): a read begun before it may have seen the old releases. */
  private generation = 0
  /** The latest moment answers kept so far were told (Infinity: some were told no release limits them). */
  private promised = Number.NEGATIVE_INFINITY
  /** Called when a point is public on arrival (server.ts: drop the public-read cache). */
  onReleased: (() => void) | undefined
  /** Called with a release earlier than answers already kept were told (server.ts: bound them by it). */
  onEarlier: ((at: number) => void) | undefined

  constructor(
    private readonly prisma: PrismaClient,
    private readonly now: () => number,
    private readonly checkEveryMs = 5000,
  ) {}

  /** Until when an answer computed now may be kept; undefined: no tracked point limits it. */
  freshUntil(): number | undefined {
    const now = this.now()
    if (this.next === undefined || this.next <= now || now - this.checkedAt >= this.checkEveryMs) this.read()
    if (this.next === undefined || this.next <= now) return now
    this.promised = Math.max(this.promised, this.next)
    return this.next === Number.POSITIVE_INFINITY ? undefined : this.next
  }

  /** A point was recorded (or its release moved): `at` is when it goes public, null when never. */
  noteRelease(at: Date | null): void {
    if (!at) return
    const t = at.getTime()
    if (t <= this.now()) this.onReleased?.()
    else {
      if (this.next !== undefined && t < this.next) this.next = t
      if (this.reading) this.notedDuringRead = Math.min(this.notedDuringRead, t)
      this.bound(t)
    }
  }

  /** Releases moved (a new delay): read them again before keeping anything. */
  reset(): void {
    this.next = undefined
    this.generation++
  }

  /** Reads the earliest release to come, once at a time. */
  read(): Promise<void> {
    this.reading ??= (async () => {
      const at = new Date(this.now())
      const generation = this.generation
      this.notedDuringRead = Number.POSITIVE_INFINITY
      try {
        const row = await this.prisma.tripTrackPoint.aggregate({
          where: { publicAt: { gt: at } },
          _min: { publicAt: true },
        })
        if (generation !== this.generation) return
        this.next = Math.min(row._min.publicAt?.getTime() ?? Number.POSITIVE_INFINITY, this.notedDuringRead)
        this.checkedAt = at.getTime()
        // Another process's point, heard of only now.
        this.bound(this.next)
      } catch {
        // Unknown: keep nothing until a read succeeds.
        this.next = undefined
      } finally {
        this.reading = undefined
      }
    })()
    return this.reading
  }

  /** Answers kept until after `at` are bounded by it. */
  private bound(at: number): void {
    if (at >= this.promised) return
    this.promised = at
    this.onEarlier?.(at)
  }
}
