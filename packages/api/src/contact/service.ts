import { createHmac } from 'node:crypto'
import type { AppDeps } from '../deps'
import { NotFoundError, RateLimitedError } from '../errors'
import { messages } from '../messages'
import { describeWait } from '../rate-limit/limiter'
import { getMailSettings } from '../newsletter/mail-settings'
import type { ContactInput, ContactList, ContactListInput, ContactMessage } from './schema'

// Enough for a visitor who corrects a typo and writes again; a script gets stopped quickly.
const CONTACT_WINDOWS = [
  { max: 5, perMs: 10 * 60_000 },
  { max: 20, perMs: 24 * 60 * 60_000 },
]

/** A keyed hash of the visitor's address: enough to rate-limit and spot abuse, without storing the address. */
export const hashIp = (deps: Pick<AppDeps, 'config'>, ip: string): string =>
  createHmac('sha256', deps.config.secretKey).update(`ip:${ip}`).digest('hex')

/** Stores the message before answering, so a success the visitor sees is a message the owner will read. */
export async function submitContact(deps: AppDeps, input: ContactInput, ip: string): Promise<{ id: number }> {
  const ipHash = hashIp(deps, ip)
  const wait = await deps.rateLimiter.take(`contact:${ipHash}`, CONTACT_WINDOWS)
  if (wait > 0) {
    throw new RateLimitedError(
      `You have sent several messages in a short time. Please try again in ${describeWait(wait)}.`,
      wait,
    )
  }
  const row = await deps.prisma.contactMessage.create({
    data: { ...input, ipHash, createdAt: deps.now() },
    select: { id: true },
  })
  await notifyOwner(deps, row.id)
  return row
}

/** A copy to the owner's inbox when they asked for one (Admin → Subscribers, settings), through the outbox. */
async function notifyOwner(deps: AppDeps, messageId: number): Promise<void> {
  if (!(await getMailSettings(deps.prisma)).notifyContact) return
  const owner = await deps.prisma.user.findFirst({ orderBy: { id: 'asc' }, select: { email: true } })
  if (!owner) return
  await deps.prisma.mailOutbox.create({
    data: { kind: 'contact', email: owner.email, payload: { messageId }, nextAttemptAt: deps.now() },
  })
  deps.mail?.wake()
}

type Row = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  createdAt: Date
  readAt: Date | null
}

const toMessage = (r: Row): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt ? r.readAt.toISOString() : null,
})

const select = {
  id: true,
  name: true,
  email: true,
  subject: true,
  message: true,
  createdAt: true,
  readAt: true,
} as const

export async function listMessages(deps: AppDeps, input: ContactListInput): Promise<ContactList> {
  const where = input.status === 'unread' ? { readAt: null } : input.status === 'read' ? { readAt: { not: null } } : {}
  const [rows, total, unread] = await Promise.all([
    deps.prisma.contactMessage.findMany({
      where,
      select,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
    }),
    deps.prisma.contactMessage.count({ where }),
    unreadCount(deps),
  ])
  return {
    messages: rows.map(toMessage),
    unread,
    pagination: { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) },
  }
}

export const unreadCount = (deps: AppDeps): Promise<number> =>
  deps.prisma.contactMessage.count({ where: { readAt: null } })

export async function markRead(deps: AppDeps, id: number, read: boolean): Promise<ContactMessage> {
  const existing = await deps.prisma.contactMessage.findUnique({ where: { id }, select })
  if (!existing) throw new NotFoundError(messages.contact.notFound)
  // Keep the first read time when marked read again.
  if (read === (existing.readAt !== null)) return toMessage(existing)
  const row = await deps.prisma.contactMessage.update({
    where: { id },
    data: { readAt: read ? deps.now() : null },
    select,
  })
  return toMessage(row)
}

export async function deleteMessage(deps: AppDeps, id: number): Promise<{ id: number }> {
  const { count } = await deps.prisma.contactMessage.deleteMany({ where: { id } })
  if (count === 0) throw new NotFoundError(messages.contact.notFound)
  return { id }
}
