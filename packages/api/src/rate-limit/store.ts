/** A counter of one fixed window: how many points were taken, and when (epoch ms) the window ends. */
export interface WindowCount {
  count: number
  resetAt: number
}

/**
 * Where rate-limit counters live. Every operation is atomic and O(1) per request, however many keys are
 * tracked: in memory for the embedded single-process database, in PostgreSQL when several processes share one.
 */
export interface RateLimitStore {
  /** Adds `points` (negative to give back) to the key's current window, opening a new one of `windowMs` if it ended. */
  add(key: string, points: number, windowMs: number, now: number): Promise<WindowCount>
  /** The key's current window, or null when there is none. */
  get(key: string, now: number): Promise<WindowCount | null>
  /** Sets a window outright (a lockout: count 1 until `resetAt`). */
  set(key: string, count: number, resetAt: number): Promise<void>
  delete(key: string): Promise<void>
  /** Forgets ended windows; run periodically, never per request. */
  sweep(now: number): Promise<number>
}

/** Counters in a Map: the embedded database has one process, so memory is exact and cheapest. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>()

  // Each method does all its work before its first await, so concurrent requests never interleave inside one.
  async add(key: string, points: number, windowMs: number, now: number): Promise<WindowCount> {
    let window = this.windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs }
      this.windows.set(key, window)
    }
    window.count += points
    return { ...window }
  }

  async get(key: string, now: number): Promise<WindowCount | null> {
    const window = this.windows.get(key)
    return window && window.resetAt > now ? { ...window } : null
  }

  async set(key: string, count: number, resetAt: number): Promise<void> {
    this.windows.set(key, { count, resetAt })
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key)
  }

  async sweep(now: number): Promise<number> {
    let removed = 0
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key)
        removed++
      }
    }
    return removed
  }

  get size(): number {
    return this.windows.size
  }
}
