import { createHash, randomBytes } from 'node:crypto'
import type { AppDeps } from '../deps'
import { isUniqueViolation, RateLimitedError, UnauthorizedError } from '../errors'
import { describeWait } from '../rate-limit/limiter'
import { hashForUnknownUser, hashPassword, verifyPassword } from './password'
import type { LoginInput, LoginOutput, PublicUser } from './schema'

export type SessionUser = PublicUser

// Refreshing the sliding expiry on every request would write on every admin call; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const toPublicUser = (u: { id: number; email: string; firstName: string; lastName: string }): PublicUser => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
})

export async function login(deps: AppDeps, input: LoginInput, ip: string): Promise<LoginOutput> {
  const email = input.email.trim().toLowerCase()
  // Counted before the password is checked: parallel attempts meet the limit exactly like sequential ones.
  const decision = await deps.loginThrottle.attempt(ip, email)
  if (!decision.allowed) {
    const wait = decision.retryAfterSeconds
    throw new RateLimitedError(`Too many failed sign-in attempts. Please try again in ${describeWait(wait)}.`, wait)
  }
  const user = await deps.prisma.user.findUnique({ where: { email } })
  const valid = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUser()), input.password)
  if (!user || !valid) throw new UnauthorizedError('Invalid email or password')
  await deps.loginThrottle.succeeded(decision.attempt)

  const token = randomBytes(32).toString('base64url')
  const now = deps.now()
  await deps.prisma.session.create({
    data: {
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + Math.min(deps.config.sessionTtlMs, deps.config.sessionMaxAgeMs)),
    },
  })
  return { token, user: toPublicUser(user) }
}

/** The user behind a bearer token, or null when it is unknown, revoked or expired. */
export async function resolveSession(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const session = await deps.prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: true },
  })
  if (!session) return null
  const now = deps.now()
  // Sliding expiry, but never beyond the absolute lifetime counted from sign-in.
  const absoluteEnd = session.createdAt.getTime() + deps.config.sessionMaxAgeMs
  if (session.expiresAt <= now || absoluteEnd <= now.getTime()) {
    await deps.prisma.session.deleteMany({ where: { id: session.id } })
    return null
  }
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.prisma.session.updateMany({
      where: { id: session.id },
      data: { lastUsedAt: now, expiresAt: new Date(Math.min(now.getTime() + deps.config.sessionTtlMs, absoluteEnd)) },
    })
  }
  return toPublicUser(session.user)
}

export async function logout(deps: AppDeps, token: string): Promise<void> {
  await deps.prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } })
}

/** Ended sessions: past their sliding expiry or their absolute lifetime. Run periodically by the server. */
export async function sweepSessions(deps: Pick<AppDeps, 'prisma' | 'config' | 'now'>): Promise<number> {
  const now = deps.now()
  const { count } = await deps.prisma.session.deleteMany({
    where: {
      OR: [{ expiresAt: { lte: now } }, { createdAt: { lte: new Date(now.getTime() - deps.config.sessionMaxAgeMs) } }],
    },
  })
  return count
}

/**
 * Creates the owner account, or sets its password when it exists (used by seeding and set-up). A changed
 * password ends every session of the account: whoever knew the old one is signed out.
 */
export async function upsertAdmin(
  deps: Pick<AppDeps, 'prisma'>,
  account: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<PublicUser> {
  const email = account.email.trim().toLowerCase()
  const existing = await deps.prisma.user.findUnique({ where: { email } })
  if (existing && (await verifyPassword(existing.passwordHash, account.password))) return toPublicUser(existing)
  const passwordHash = await hashPassword(account.password)
  const names = { firstName: account.firstName ?? 'Wayfarer', lastName: account.lastName ?? 'Owner' }
  if (existing) {
    const [user] = await deps.prisma.$transaction([
      deps.prisma.user.update({ where: { id: existing.id }, data: { passwordHash } }),
      deps.prisma.session.deleteMany({ where: { userId: existing.id } }),
    ])
    return toPublicUser(user)
  }
  try {
    return toPublicUser(await deps.prisma.user.create({ data: { email, passwordHash, ...names } }))
  } catch (error) {
    // Another server process starting on the same fresh database created the owner a moment ago: use that one.
    if (isUniqueViolation(error)) return upsertAdmin(deps, account)
    throw error
  }
}
