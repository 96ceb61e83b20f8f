// setTimeout's longest delay; anything later is reached through the periodic check.
const MAX_DELAY_MS = 2_147_483_647

export interface BackgroundJobOptions {
  /** The periodic look for work that other processes (or the CLI) queued, besides the wake-ups. */
  checkEveryMs: number
  onError: (error: unknown) => void
}

/**
 * A job that works in passes, one at a time, one per process: a wake-up during a pass asks for one more pass
 * right after it (never two at once), and after each pass a timer wakes it again. Stopping waits for the pass
 * under way. Subclasses say what a pass does and, if sooner than the periodic check, when the next is due.
 */
export abstract class BackgroundJob {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false

  /** `stopped`: whether a wake-up before start() is ignored (true) or runs a pass (false). */
  constructor(
    private readonly job: BackgroundJobOptions,
    protected stopped: boolean,
  ) {}

  /** One pass; resolves to how many ms until the next is due, or nothing to wait for the periodic check. */
  protected abstract pass(): Promise<number | void>

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
    let delay = this.job.checkEveryMs
    try {
      delay = Math.min(delay, (await this.pass()) ?? delay)
    } catch (error) {
      this.job.onError(error)
    }
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.wake(), Math.min(delay, MAX_DELAY_MS))
    this.timer.unref()
  }
}
