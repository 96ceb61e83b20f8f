import { createHmac } from 'node:crypto'
import type { RateLimitStore } from '../rate-limit/store'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Ghost's defaults: a few free tries, then a lockout that doubles, per address and account. */
export const SIGN_IN_LIMITS = {
  /** Tries per address and account within the window before a lockout. */
  perAddressAccount: { max: 5, perMs: 15 * MINUTE },
  firstLockMs: 5 * MINUTE,
  maxLockMs: HOUR,
  /** Lockouts are remembered this long for the doubling. */
  lockMemoryMs: 24 * HOUR,
  /** Tries per address across all accounts (one address spraying e-mails). */
  perAddress: { max: 30, perMs: HOUR },
  /**
   * The account's ceiling (ASVS 2.2.1: at most 100 failed attempts an hour). Past it the account is not
   * locked: it slows to one try per address per hour, so the owner from an address the attacker has not
   * used still gets in at once, while an attacker's known addresses get nothing more.
   */
  perAccount: { max: 100, perMs: HOUR },
} as const

export type ThrottleDecision =
  | { allowed: true; attempt: SignInAttempt }
  | { allowed: false; retryAfterSeconds: number; reason: 'locked' | 'address' | 'account' }

/** The keys of one sign-in attempt; handed back to `succeeded`. */
export interface SignInAttempt {
  address: string
  addressAccount: string
  seen: string
  block: string
  lockouts: string
}

/**
 * Sign-in throttling that is atomic (the attempt is counted before the password is checked, so 40 parallel
 * tries meet the limit like 40 sequential ones) and per attack, not per victim: a stranger's failures from
 * their own addresses never lock the owner out of theirs.
 */
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number,
    /** Keys are keyed hashes, so the shared table never holds addresses or e-mails. */
    private readonly secret: string,
  ) {}

  async attempt(ip: string, email: string): Promise<ThrottleDecision> {
    const now = this.now()
    const l = SIGN_IN_LIMITS
    const aa = this.key('aa', `${ip}\n${email}`)
    const keys: SignInAttempt = {
      address: this.key('ip', ip),
      addressAccount: aa,
      seen: this.key('seen', `${ip}\n${email}`),
      block: this.key('block', `${ip}\n${email}`),
      lockouts: this.key('locks', `${ip}\n${email}`),
    }

    const block = await this.store.get(keys.block, now)
    if (block) return refuse(block.resetAt - now, 'locked')

    const tries = await this.store.add(aa, 1, l.perAddressAccount.perMs, now)
    if (tries.count > l.perAddressAccount.max) {
      // The first refused try starts a lockout that doubles with each one in a day; the count starts afresh after it.
      const locks = await this.store.add(keys.lockouts, 1, l.lockMemoryMs, now)
      const lockMs = Math.min(l.firstLockMs * 2 ** (locks.count - 1), l.maxLockMs)
      await this.store.set(keys.block, 1, now + lockMs)
      await this.store.delete(aa)
      return refuse(lockMs, 'locked')
    }

    const fromAddress = await this.store.add(keys.address, 1, l.perAddress.perMs, now)
    if (fromAddress.count > l.perAddress.max) return refuse(fromAddress.resetAt - now, 'address')

    const seen = await this.store.add(keys.seen, 1, l.perAccount.perMs, now)
    const onAccount = await this.store.add(this.key('account', email), 1, l.perAccount.perMs, now)
    if (onAccount.count > l.perAccount.max && seen.count > 1) return refuse(seen.resetAt - now, 'account')
    return { allowed: true, attempt: keys }
  }

  /**
   * The right password: this address and account start with a clean slate, including the address's budget
   * across accounts, so an owner who signs in often from one address is never refused for it.
   */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await Promise.all(
      [attempt.address, attempt.addressAccount, attempt.seen, attempt.block, attempt.lockouts].map((k) =>
        this.store.delete(k),
      ),
    )
  }

  private key(kind: string, value: string): string {
    return `login:${kind}:${createHmac('sha256', this.secret).update(value).digest('base64url')}`
  }
}

const refuse = (ms: number, reason: 'locked' | 'address' | 'account'): ThrottleDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  reason,
})
