import type { PrismaClient } from '@wayfarer/db'
import type { RateLimitStore, WindowCount } from './store'

type Row = { count: number; reset_at: bigint | number | string }
const toCount = (row: Row): WindowCount => ({ count: Number(row.count), resetAt: Number(row.reset_at) })

/**
 * Counters in the `rate_limits` table, so every Wayfarer process on one PostgreSQL database sees the same
 * counts. One upsert per request on the primary key: atomic (row lock) and O(1) however many keys exist.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(private readonly prisma: PrismaClient) {}

  async add(key: string, points: number, windowMs: number, now: number): Promise<WindowCount> {
    const [row] = await this.prisma.$queryRaw<Row[]>`
      INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, ${points}::int, ${BigInt(now + windowMs)}::bigint)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${BigInt(now)}::bigint THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${BigInt(now)}::bigint THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING count, reset_at`
    return toCount(row!)
  }

  async get(key: string, now: number): Promise<WindowCount | null> {
    const [row] = await this.prisma.$queryRaw<Row[]>`
      SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > ${BigInt(now)}::bigint`
    return row ? toCount(row) : null
  }

  async set(key: string, count: number, resetAt: number): Promise<void> {
    await this.prisma.$executeRaw`
      INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, ${count}::int, ${BigInt(resetAt)}::bigint)
      ON CONFLICT (key) DO UPDATE SET count = EXCLUDED.count, reset_at = EXCLUDED.reset_at`
  }

  async delete(key: string): Promise<void> {
    await this.prisma.$executeRaw`DELETE FROM rate_limits WHERE key = ${key}`
  }

  async sweep(now: number): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM rate_limits WHERE reset_at <= ${BigInt(now)}::bigint`
  }
}
