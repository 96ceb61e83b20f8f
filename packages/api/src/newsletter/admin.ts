import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { InvalidInputError, NotFoundError } from '../errors'
import { messages } from '../messages'
import { z } from 'zod'
import { csvLine, parseCsv } from './csv'
import {
  subscriberStatuses,
  type MailSends,
  type PostMailStatus,
  type Subscriber,
  type SubscriberList,
  type SubscriberListInput,
} from './schema'
import { listOutboxFiles } from './transport'

const select = {
  id: true,
  email: true,
  name: true,
  status: true,
  source: true,
  createdAt: true,
  confirmedAt: true,
  trip: { select: { id: true, title: true } },
} as const satisfies Prisma.NewsletterSubscriberSelect

type Row = Prisma.NewsletterSubscriberGetPayload<{ select: typeof select }>

const toSubscriber = (r: Row): Subscriber => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  trip: r.trip,
  source: r.source,
  created_at: r.createdAt.toISOString(),
  confirmed_at: r.confirmedAt?.toISOString() ?? null,
})

const whereOf = (input: Pick<SubscriberListInput, 'status' | 'search'>): Prisma.NewsletterSubscriberWhereInput => ({
  ...(input.status !== 'all' ? { status: input.status } : {}),
  ...(input.search
    ? {
        OR: [
          { email: { contains: input.search, mode: 'insensitive' } },
          { name: { contains: input.search, mode: 'insensitive' } },
        ],
      }
    : {}),
})

export async function listSubscribers(deps: AppDeps, input: SubscriberListInput): Promise<SubscriberList> {
  const where = whereOf(input)
  const [rows, total, grouped] = await Promise.all([
    deps.prisma.newsletterSubscriber.findMany({
      where,
      select,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
    }),
    deps.prisma.newsletterSubscriber.count({ where }),
    deps.prisma.newsletterSubscriber.groupBy({ by: ['status'], _count: { _all: true } }),
  ])
  const counts = Object.fromEntries(subscriberStatuses.map((s) => [s, 0])) as SubscriberList['counts']
  for (const g of grouped) counts[g.status] = g._count._all
  return {
    subscribers: rows.map(toSubscriber),
    counts,
    pagination: { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) },
  }
}

export async function removeSubscriber(deps: AppDeps, id: number): Promise<{ id: number }> {
  const { count } = await deps.prisma.newsletterSubscriber.deleteMany({ where: { id } })
  if (count === 0) throw new NotFoundError(messages.newsletter.subscriberNotFound)
  return { id }
}

const EXPORT_COLUMNS = ['email', 'name', 'status', 'subscribed_to_emails', 'trip', 'created_at', 'confirmed_at']

export async function exportSubscribers(deps: AppDeps) {
  const rows = await deps.prisma.newsletterSubscriber.findMany({ select, orderBy: { id: 'asc' } })
  const lines = rows.map((r) =>
    csvLine([
      r.email,
      r.name,
      r.status,
      String(r.status === 'confirmed'),
      r.trip?.title ?? '',
      r.createdAt.toISOString(),
      r.confirmedAt?.toISOString() ?? '',
    ]),
  )
  const day = deps.now().toISOString().slice(0, 10)
  return { filename: `subscribers-${day}.csv`, csv: [EXPORT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n' }
}

// The header names each platform's export uses, lower-cased.
const COLUMNS = {
  email: ['email', 'email address', 'e-mail', 'subscriber email'],
  name: ['name', 'first name', 'full name'],
  lastName: ['last name'],
  created: ['created_at', 'created_at (utc)', 'subscribed_at', 'created', 'optin_time', 'confirm_time', 'date'],
  // Ghost: subscribed_to_emails; Substack: active subscription; Mailchimp: a file per audience, with status.
  subscribed: ['subscribed_to_emails', 'subscribed', 'active_subscription', 'status', 'member_status'],
}
const YES = new Set(['true', 'yes', '1', 'subscribed', 'confirmed', 'active', 'free', 'paid', 'comped'])

const isEmail = (v: string) => v.length <= 254 && z.email().safeParse(v).success

/**
 * Imports the followers of another platform. An address counts as confirmed only when the file says it was
 * subscribed; otherwise it is kept as pending (it gets no mail until it confirms). Known addresses are left alone.
 */
export async function importSubscribers(deps: AppDeps, csv: string) {
  const [header, ...rows] = parseCsv(csv)
  const names = (header ?? []).map((h) => h.trim().toLowerCase())
  const col = (keys: string[]) => names.findIndex((n) => keys.includes(n))
  const at = {
    email: col(COLUMNS.email),
    name: col(COLUMNS.name),
    last: col(COLUMNS.lastName),
    created: col(COLUMNS.created),
    subscribed: col(COLUMNS.subscribed),
  }
  if (at.email < 0) throw new InvalidInputError('The file has no email column')
  let added = 0
  let confirmed = 0
  let skipped = 0
  const now = deps.now()
  for (const cells of rows) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '')
    const email = cell(at.email).toLowerCase()
    if (!isEmail(email)) {
      skipped++
      continue
    }
    const isConfirmed = at.subscribed >= 0 && YES.has(cell(at.subscribed).toLowerCase())
    const created = new Date(cell(at.created))
    const createdAt = Number.isNaN(created.getTime()) ? now : created
    const name = [cell(at.name), cell(at.last)].filter(Boolean).join(' ').slice(0, 100)
    const result = await deps.prisma.newsletterSubscriber.createMany({
      data: [
        {
          email,
          name,
          status: isConfirmed ? 'confirmed' : 'pending',
          confirmedAt: isConfirmed ? createdAt : null,
          source: 'import',
          createdAt,
        },
      ],
      skipDuplicates: true,
    })
    if (result.count === 0) skipped++
    else {
      added++
      if (isConfirmed) confirmed++
    }
  }
  return { added, confirmed, skipped }
}

/** What the story mails of these posts did: counts by status and the newest error (the server's answer). */
async function mailStatusOf(deps: AppDeps, postIds: number[]): Promise<Map<number, PostMailStatus>> {
  const where = { postId: { in: postIds }, kind: 'story' }
  const [grouped, errors] = await Promise.all([
    deps.prisma.mailOutbox.groupBy({ by: ['postId', 'status'], where, _count: { _all: true } }),
    deps.prisma.mailOutbox.findMany({
      where: { ...where, lastError: { not: null } },
      orderBy: [{ postId: 'asc' }, { id: 'desc' }],
      distinct: ['postId'],
      select: { postId: true, lastError: true },
    }),
  ])
  const byPost = new Map<number, PostMailStatus>(
    postIds.map((id) => [id, { pending: 0, sending: 0, sent: 0, failed: 0, last_error: null }]),
  )
  for (const g of grouped) if (g.postId !== null) byPost.get(g.postId)![g.status] = g._count._all
  for (const e of errors) if (e.postId !== null) byPost.get(e.postId)!.last_error = e.lastError
  return byPost
}

/** What one story's mails did, for the editor. */
export async function postMailStatus(deps: AppDeps, postId: number): Promise<PostMailStatus> {
  return (await mailStatusOf(deps, [postId])).get(postId)!
}

const SENDS_SHOWN = 20

/** The newest mailed stories with what their mails did, for Admin → Subscribers. */
export async function listSends(deps: AppDeps): Promise<MailSends> {
  const posts = await deps.prisma.post.findMany({
    where: { mailedAt: { not: null } },
    orderBy: [{ mailedAt: 'desc' }, { id: 'desc' }],
    take: SENDS_SHOWN,
    select: { id: true, title: true, slug: true, mailedAt: true },
  })
  const status = await mailStatusOf(
    deps,
    posts.map((p) => p.id),
  )
  return {
    sends: posts.map((p) => ({
      post_id: p.id,
      title: p.title,
      slug: p.slug,
      mailed_at: p.mailedAt!.toISOString(),
      ...status.get(p.id)!,
    })),
  }
}

/** A story's mail to the owner alone, marked as a test, before it goes to the followers. */
export async function sendTest(deps: AppDeps, postId: number, ownerEmail: string) {
  const post = await deps.prisma.post.findUnique({ where: { id: postId }, select: { id: true } })
  if (!post) throw new NotFoundError(messages.posts.missing)
  await deps.prisma.mailOutbox.deleteMany({ where: { email: ownerEmail, postId, kind: 'test' } })
  await deps.prisma.mailOutbox.create({ data: { kind: 'test', email: ownerEmail, postId, nextAttemptAt: deps.now() } })
  deps.mail?.wake()
  return { message: messages.newsletter.testSent }
}

export async function outboxFiles(deps: AppDeps) {
  const dir = deps.mail?.outboxDir ?? null
  return { writesFiles: dir !== null, files: dir ? await listOutboxFiles(dir) : [] }
}
