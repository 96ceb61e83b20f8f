import { createHash, randomBytes } from 'node:crypto'
import type { AppDeps } from '../deps'
import { RateLimitedError, UnauthorizedError } from '../errors'
import { describeWait } from '../rate-limiter'
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
  const keys = [`ip:${ip}`, `email:${email}`]
  const locked = deps.loginThrottle.lockedFor(keys)
  if (locked > 0) {
    throw new RateLimitedError(`Too many failed sign-in attempts. Please try again in ${describeWait(locked)}.`, locked)
  }
  const user = await deps.prisma.user.findUnique({ where: { email } })
  const valid = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUser()), input.password)
  if (!user || !valid) {
    deps.loginThrottle.recordFailure(keys)
    throw new UnauthorizedError('Invalid email or password')
  }
  deps.loginThrottle.recordSuccess(keys)

  const token = randomBytes(32).toString('base64url')
  const now = deps.now()
  await deps.prisma.session.create({
    data: {
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + deps.config.sessionTtlMs),
    },
  })
  return { token, user: toPublicUser(user) }
}

/** The user behind a bearer token, or null when it is unknown, revoked or expired. */
export async function resolveSession(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const session = await deps.prisma.session.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } })
  if (!session) return null
  const now = deps.now()
  if (session.expiresAt <= now) {
    await deps.prisma.session.deleteMany({ where: { id: session.id } })
    return null
  }
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.prisma.session.updateMany({
      where: { id: session.id },
      data: { lastUsedAt: now, expiresAt: new Date(now.getTime() + deps.config.sessionTtlMs) },
    })
  }
  return toPublicUser(session.user)
}

export async function logout(deps: AppDeps, token: string): Promise<void> {
  await deps.prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } })
}

/** Creates the owner account, or resets its password when it exists (used by seeding and set-up). */
export async function upsertAdmin(
  deps: Pick<AppDeps, 'prisma'>,
  account: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<PublicUser> {
  const email = account.email.trim().toLowerCase()
  const passwordHash = await hashPassword(account.password)
  const names = { firstName: account.firstName ?? 'Wayfarer', lastName: account.lastName ?? 'Owner' }
  const user = await deps.prisma.user.upsert({
    where: { email },
    create: { email, passwordHash, ...names },
    update: { passwordHash },
  })
  return toPublicUser(user)
}
