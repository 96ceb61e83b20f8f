import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { PrismaClient } from '@wayfarer/db'

/**
 * SECRET_KEY when set; otherwise a key generated once and kept in DATA_DIR/secret.key (mode 600) so
 * encrypted settings survive restarts. An in-memory data dir gets a throwaway key.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex')
  const file = path.join(dataDir, 'secret.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('hex')
  writeFileSync(file, key, { mode: 0o600 })
  return key
}

/** What the check value is made from: an HMAC of this label with the key, so the key itself is never stored. */
const CHECK_LABEL = 'wayfarer secret key check v1'
const CHECK_ROW = 1

export const secretKeyCheckValue = (key: string) => createHmac('sha256', key).update(CHECK_LABEL).digest('hex')

/** This process's key is not the one the database was set up with: start-up stops (main.ts prints the message). */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super(
      [
        'This database was set up by a Wayfarer server with a different secret key, so this process stops here.',
        'Every server process on one database must use the same key: set the same SECRET_KEY (at least 32',
        'characters) for all of them. After restoring a backup onto PostgreSQL, use the key of the site the backup',
        'came from (its SECRET_KEY, or the secret.key file in its DATA_DIR or in the backup).',
        'If that key is lost, start one process once with ADOPT_SECRET_KEY=true to make this key the database key:',
        'settings sealed with the old key (the Gemini API key) must then be entered again, and sign-in counters',
        'start over. Then remove ADOPT_SECRET_KEY and give every process this same SECRET_KEY.',
      ].join('\n  '),
    )
    this.name = 'SecretKeyMismatchError'
  }
}

/**
 * On PostgreSQL several processes may share one database, and what one seals or counts with its key (settings,
 * sign-in counters) only the same key reads. The first process records a check value of its key; every later
 * one must match it (docs/operations.md, "One secret key"). Two processes starting at once cannot both record:
 * the row is inserted only if absent, and each compares with the row that won. `adopt` replaces the recorded
 * value with this key's (the operator's way out when the old key is lost).
 */
export async function verifySharedSecretKey(
  prisma: PrismaClient,
  key: string,
  options: { adopt: boolean },
): Promise<'recorded' | 'matched' | 'adopted'> {
  const mine = secretKeyCheckValue(key)
  if (options.adopt) {
    await prisma.secretKeyCheck.upsert({
      where: { id: CHECK_ROW },
      create: { id: CHECK_ROW, check: mine },
      update: { check: mine, createdAt: new Date() },
    })
    return 'adopted'
  }
  const inserted = await prisma.$executeRaw`
    INSERT INTO secret_key_check (id, "check") VALUES (${CHECK_ROW}, ${mine}) ON CONFLICT (id) DO NOTHING`
  if (inserted === 1) return 'recorded'
  const recorded = await prisma.secretKeyCheck.findUniqueOrThrow({ where: { id: CHECK_ROW } })
  const same = recorded.check.length === mine.length && timingSafeEqual(Buffer.from(recorded.check), Buffer.from(mine))
  if (!same) throw new SecretKeyMismatchError()
  return 'matched'
}
