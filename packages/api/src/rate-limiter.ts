/**
 * In-memory fixed-window counters keyed by e.g. "comment:ip:<hash>". Wayfarer runs as one process, so
 * memory is the right place; a restart forgets the counts, which only ever errs in the visitor's favour.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Records an attempt unless one of the windows is full. Returns 0 when allowed, otherwise the seconds
   * until the oldest attempt in the full window expires.
   */
  take(key: string, windows: { max: number; perMs: number }[]): number {
    const now = this.now()
    const longest = Math.max(...windows.map((w) => w.perMs))
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < longest)
    for (const window of windows) {
      const inWindow = recent.filter((t) => now - t < window.perMs)
      if (inWindow.length >= window.max) {
        this.hits.set(key, recent)
        return Math.max(1, Math.ceil((inWindow[0]! + window.perMs - now) / 1000))
      }
    }
    recent.push(now)
    this.hits.set(key, recent)
    this.sweep(now, longest)
    return 0
  }

  reset(key: string): void {
    this.hits.delete(key)
  }

  // Keeps memory bounded under a flood of distinct keys.
  private sweep(now: number, longest: number): void {
    if (this.hits.size < 10_000) return
    for (const [key, times] of this.hits) if (times.every((t) => now - t >= longest)) this.hits.delete(key)
  }
}

/** "3 minutes" / "45 seconds" for a retry-after message. */
export function describeWait(seconds: number): string {
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`
  return `${seconds} second${seconds === 1 ? '' : 's'}`
}
