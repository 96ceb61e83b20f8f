import { createHmac } from 'node:crypto'
import type { AppDeps } from '../deps'
import { NotFoundError, RateLimitedError } from '../errors'
import { HONEYPOT_FIELD } from '../limits'
import { messages } from '../messages'
import { describeWait } from '../rate-limit/limiter'
import type { SubscribeInput } from './schema'
import { readLink, verifyLink, type LinkPurpose } from './tokens'

// A person signs up once or twice; a script that cycles addresses is stopped quickly.
const SUBSCRIBE_WINDOWS = [
  { max: 5, perMs: 10 * 60_000 },
  { max: 20, perMs: 24 * 60 * 60_000 },
]
/** However often an address is entered, it gets at most one confirmation mail in this time. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60_000

const ipKey = (deps: AppDeps, ip: string) =>
  createHmac('sha256', deps.config.secretKey).update(`newsletter-ip:${ip}`).digest('hex')

async function checkTrip(deps: AppDeps, tripId: number | undefined): Promise<void> {
  if (tripId === undefined) return
  const trip = await deps.prisma.trip.findFirst({ where: { id: tripId, status: 'published' }, select: { id: true } })
  if (!trip) throw new NotFoundError(messages.newsletter.tripNotFound)
}

/**
 * Double opt-in. The answer is the same for a new, a pending and an already confirmed address, so the form
 * tells nobody who follows the site. A confirmed follower is left as they are; anyone else is (again) pending
 * and gets a confirmation mail, at most one an hour per address.
 */
export async function subscribe(deps: AppDeps, input: SubscribeInput, ip: string): Promise<{ message: string }> {
  const answer = { message: messages.newsletter.checkInbox }
  if (input[HONEYPOT_FIELD]) return answer
  const wait = await deps.rateLimiter.take(`newsletter:${ipKey(deps, ip)}`, SUBSCRIBE_WINDOWS)
  if (wait > 0) throw new RateLimitedError(`${messages.newsletter.tooMany} (${describeWait(wait)})`, wait)
  await checkTrip(deps, input.trip_id)
  const now = deps.now()
  const tripId = input.trip_id ?? null
  const source = tripId ? 'trip-form' : 'form'
  const row = await deps.prisma.newsletterSubscriber.upsert({
    where: { email: input.email },
    create: { email: input.email, name: input.name ?? '', tripId, source, createdAt: now },
    update: {},
    select: { id: true, status: true },
  })
  if (row.status === 'confirmed') return answer
  // One statement decides whether this request may send: parallel sign-ups for one address send one mail.
  const claimed = await deps.prisma.newsletterSubscriber.updateMany({
    where: {
      id: row.id,
      OR: [
        { lastConfirmationSentAt: null },
        { lastConfirmationSentAt: { lt: new Date(now.getTime() - CONFIRMATION_INTERVAL_MS) } },
      ],
    },
    data: {
      status: 'pending',
      lastConfirmationSentAt: now,
      tripId,
      ...(input.name ? { name: input.name } : {}),
    },
  })
  if (claimed.count === 0) return answer
  await deps.prisma.mailOutbox.create({
    data: { kind: 'confirm', email: input.email, subscriberId: row.id, nextAttemptAt: now, createdAt: now },
  })
  deps.mail?.wake()
  return answer
}

export type LinkOutcome = 'done' | 'invalid'

async function subscriberOfLink(deps: AppDeps, purpose: LinkPurpose, token: string) {
  const link = readLink(token, deps.now())
  if (!link) return null
  const row = await deps.prisma.newsletterSubscriber.findUnique({ where: { id: link.id } })
  if (!row || !verifyLink(deps.config.secretKey, purpose, link, row.email)) return null
  return row
}

/** A signed, unexpired confirmation link makes the address a follower; anything else changes nothing. */
export async function confirmByLink(deps: AppDeps, token: string): Promise<LinkOutcome> {
  const row = await subscriberOfLink(deps, 'confirm', token)
  if (!row || row.status === 'bounced') return 'invalid'
  if (row.status !== 'confirmed')
    await deps.prisma.newsletterSubscriber.update({
      where: { id: row.id },
      data: { status: 'confirmed', confirmedAt: deps.now() },
    })
  return 'done'
}

/** The unsubscribe link of a mail and its one-click POST (RFC 8058) end every mail to the address. */
export async function unsubscribeByLink(deps: AppDeps, token: string): Promise<LinkOutcome> {
  const row = await subscriberOfLink(deps, 'unsubscribe', token)
  if (!row) return 'invalid'
  if (row.status !== 'unsubscribed')
    await deps.prisma.newsletterSubscriber.update({ where: { id: row.id }, data: { status: 'unsubscribed' } })
  return 'done'
}
