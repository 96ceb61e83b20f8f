import type { PrismaClient } from '@wayfarer/db'
import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import { claimNext, enqueueDueStories, loadFrame, markFailed, markSent, messageFor, type OutboxRow } from './outbox'
import { BackgroundJob, type BackgroundJobOptions } from '../background-job'
import type { MailTransport } from './transport'

export interface MailWorkerOptions extends BackgroundJobOptions {
  /** The database client that does not drop the public-read cache: sending changes nothing visitors see. */
  prisma: PrismaClient
  transport: MailTransport
  now: () => Date
  publicUrl: string
  secretKey: string
  from: string
  retryBaseMs: number
  /**
   * How long a mail stays `sending` without word from its worker before another worker takes it as left by a
   * dead process. A live worker renews the lease of its mails in flight every third of it, so a slow send keeps
   * its mail; a crash leaves it for at most this long.
   */
  leaseMs?: number
  /** Whether visitors are being served now; while they are, the worker steps back (see PAUSE_PER_MAIL). */
  siteBusy?: () => boolean
}

// The site's name and the mail settings are read again after this many mails, so a long send sees a change.
const FRAME_EVERY = 50
// Mails in flight at once: enough to keep an SMTP server busy, few enough to leave the site its share. Also the
// most mails a crash can leave undecided (docs/followers.md).
const PARALLEL = 4
const MAX_TRIES = 8
// While visitors are being served, each sender rests this many times as long as its last mail took before the
// next: the senders together then spend at most about a fifth of the server's time on mail, and public reads
// keep their pace during a send to thousands of followers. With no visitors the send runs at full speed.
const PAUSE_PER_MAIL = 4 * PARALLEL
const LEASE_MS = 60_000

/** What the rest of the app may ask of the mail worker: look at the outbox now. */
export interface MailHandle {
  wake(): void
  readonly outboxDir: string | null
}

/**
 * The outbox's worker, one per process: queues the stories that went public, then claims and sends batches until
 * nothing is due, then waits for a wake-up or the periodic check (rows queued by other processes).
 */
export class MailWorker extends BackgroundJob implements MailHandle {
  // The mails this worker is sending now, whose leases it renews.
  private readonly inFlight = new Set<number>()

  constructor(private readonly options: MailWorkerOptions) {
    // Asleep until start(): wake-ups before it send nothing.
    super(options, true)
  }

  get outboxDir(): string | null {
    return this.options.transport.outboxDir
  }

  override async stop(): Promise<void> {
    await super.stop()
    this.options.transport.close()
  }

  protected async pass(): Promise<void> {
    await this.drain()
  }

  /** Runs until the outbox has nothing due (tests call it to send at once). */
  async drain(): Promise<void> {
    const { prisma, now } = this.options
    await enqueueDueStories(prisma, now())
    let site = await loadFrame(prisma)
    let sends = 0
    const leaseMs = this.options.leaseMs ?? LEASE_MS
    const lane = async () => {
      for (;;) {
        const row = await claimNext(prisma, now(), leaseMs)
        if (!row) return
        if (++sends % FRAME_EVERY === 0) site = await loadFrame(prisma)
        this.inFlight.add(row.id)
        const started = performance.now()
        await this.sendOne(row, site).finally(() => this.inFlight.delete(row.id))
        if (this.stopped) return
        // Each mail gives the requests that came in meanwhile their turn first: a long send must not hold up
        // the site's visitors.
        if (this.options.siteBusy?.()) await sleep((performance.now() - started) * PAUSE_PER_MAIL)
        else await nextTurn()
      }
    }
    const renewal = setInterval(() => void this.renewLeases(leaseMs), leaseMs / 3)
    try {
      await Promise.all(Array.from({ length: PARALLEL }, lane))
    } finally {
      clearInterval(renewal)
    }
  }

  /** Tells the other workers that this one is alive and still sending its mails in flight. */
  private async renewLeases(leaseMs: number): Promise<void> {
    if (this.inFlight.size === 0) return
    const { prisma, now } = this.options
    await prisma.mailOutbox
      .updateMany({
        where: { id: { in: [...this.inFlight] }, status: 'sending' },
        data: { leaseUntil: new Date(now().getTime() + leaseMs) },
      })
      .catch(this.options.onError)
  }

  private async sendOne(row: OutboxRow, site: Awaited<ReturnType<typeof loadFrame>>): Promise<void> {
    const { prisma, now } = this.options
    const message = await messageFor({ ...this.options, now: now() }, row, site)
    if (!message) {
      await prisma.mailOutbox.delete({ where: { id: row.id } })
      return
    }
    try {
      await this.options.transport.send(message)
    } catch (error) {
      await markFailed(prisma, row, error, now(), { baseMs: this.options.retryBaseMs, maxTries: MAX_TRIES })
      return
    }
    // Straight after the server's acceptance: the only moment a crash leaves a delivered mail marked `sending`.
    await markSent(prisma, row.id, now())
  }
}
