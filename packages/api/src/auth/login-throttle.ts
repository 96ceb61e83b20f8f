const FAILURES_BEFORE_LOCK = 5
const FAILURE_WINDOW_MS = 15 * 60_000
const FIRST_LOCK_MS = 5 * 60_000
const MAX_LOCK_MS = 60 * 60_000
const FORGET_LOCKS_AFTER_MS = 24 * 60 * 60_000

interface Entry {
  failures: number[]
  lockedUntil: number
  locks: number
  lastLockAt: number
}

/**
 * Brute-force protection in the manner of Ghost: after 5 failed sign-ins within 15 minutes from one
 * address or for one e-mail, that key is locked for 5 minutes, then 10, 20, … up to an hour.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly now: () => number) {}

  /** Seconds until the first of the keys unlocks, or 0 when none is locked. */
  lockedFor(keys: string[]): number {
    const now = this.now()
    const until = Math.max(0, ...keys.map((k) => this.entries.get(k)?.lockedUntil ?? 0))
    return until > now ? Math.ceil((until - now) / 1000) : 0
  }

  recordFailure(keys: string[]): void {
    const now = this.now()
    for (const key of keys) {
      const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0, locks: 0, lastLockAt: 0 }
      if (now - entry.lastLockAt > FORGET_LOCKS_AFTER_MS) entry.locks = 0
      entry.failures = entry.failures.filter((t) => now - t < FAILURE_WINDOW_MS)
      entry.failures.push(now)
      if (entry.failures.length >= FAILURES_BEFORE_LOCK) {
        entry.lockedUntil = now + Math.min(FIRST_LOCK_MS * 2 ** entry.locks, MAX_LOCK_MS)
        entry.locks += 1
        entry.lastLockAt = now
        entry.failures = []
      }
      this.entries.set(key, entry)
    }
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) {
      const entry = this.entries.get(key)
      if (entry) entry.failures = []
    }
  }
}
