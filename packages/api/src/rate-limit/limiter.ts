import type { RateLimitStore } from './store'

export interface RateWindow {
  max: number
  perMs: number
}

/**
 * Per-key request limits over fixed windows, e.g. "1 per 15 s and 10 per hour" for comments. The attempt is
 * counted first and given back when refused, so parallel requests can never all slip through one check.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot in every window. Returns 0 when allowed, otherwise the seconds until the full window ends. */
  async take(key: string, windows: RateWindow[]): Promise<number> {
    const now = this.now()
    const counts = await Promise.all(windows.map((w) => this.store.add(windowKey(key, w), 1, w.perMs, now)))
    const full = counts.filter((c, i) => c.count > windows[i]!.max)
    if (full.length === 0) return 0
    await this.refund(key, windows)
    return Math.max(1, ...full.map((c) => Math.ceil((c.resetAt - now) / 1000)))
  }

  /** Gives a taken slot back: the request failed for a reason that should not cost the visitor (unknown post). */
  async refund(key: string, windows: RateWindow[]): Promise<void> {
    const now = this.now()
    await Promise.all(windows.map((w) => this.store.add(windowKey(key, w), -1, w.perMs, now)))
  }
}

const windowKey = (key: string, window: RateWindow) => `${key}:${window.perMs}`

/** "3 minutes" / "45 seconds" for a retry-after message. */
export function describeWait(seconds: number): string {
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`
  return `${seconds} second${seconds === 1 ? '' : 's'}`
}
