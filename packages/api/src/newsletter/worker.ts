import type { PrismaClient } from '@wayfarer/db'
import { claimBatch, enqueueDueStories, loadFrame, markFailed, markSent, messageFor, type OutboxRow } from './outbox'
import type { MailTransport } from './transport'

export interface MailWorkerOptions {
  /** The database client that does not drop the public-read cache: sending changes nothing visitors see. */
  prisma: PrismaClient
  transport: MailTransport
  now: () => Date
  publicUrl: string
  secretKey: string
  from: string
  checkEveryMs: number
  retryBaseMs: number
  onError: (error: unknown) => void
}

const BATCH = 50
// Mails of one batch in flight at once: enough to keep an SMTP server busy, few enough to leave the site its share.
const PARALLEL = 4
const MAX_TRIES = 8
// Longer than any one send may take (the transport's own timeouts are shorter), so a live worker keeps its rows.
const LEASE_MS = 5 * 60_000

/** What the rest of the app may ask of the mail worker: look at the outbox now. */
export interface MailHandle {
  wake(): void
  readonly outboxDir: string | null
}

/**
 * The outbox's worker, one per process: queues the stories that went public, then claims and sends batches until
 * nothing is due, then waits for a wake-up or the periodic check (rows queued by other processes).
 */
export class MailWorker implements MailHandle {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private stopped = true

  constructor(private readonly options: MailWorkerOptions) {}

  get outboxDir(): string | null {
    return this.options.transport.outboxDir
  }

  start(): void {
    this.stopped = false
    this.wake()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
    this.options.transport.close()
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

  /** Runs until the outbox has nothing due (tests call it to send at once). */
  async drain(): Promise<void> {
    const { prisma, now } = this.options
    await enqueueDueStories(prisma, now())
    for (;;) {
      const rows = await claimBatch(prisma, now(), LEASE_MS, BATCH)
      if (rows.length === 0) return
      await this.sendAll(rows)
      if (this.stopped) return
    }
  }

  private async run(): Promise<void> {
    try {
      await this.drain()
    } catch (error) {
      this.options.onError(error)
    }
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.wake(), this.options.checkEveryMs)
    this.timer.unref()
  }

  private async sendAll(rows: OutboxRow[]): Promise<void> {
    const { prisma, now } = this.options
    const site = await loadFrame(prisma)
    const ctx = { ...this.options, now: now() }
    const queue = [...rows]
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const message = await messageFor(ctx, row, site)
        if (!message) {
          await prisma.mailOutbox.delete({ where: { id: row.id } })
          continue
        }
        try {
          await this.options.transport.send(message)
          await markSent(prisma, row.id, now())
        } catch (error) {
          await markFailed(prisma, row, error, now(), { baseMs: this.options.retryBaseMs, maxTries: MAX_TRIES })
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, lane))
  }
}
