import type { PrismaClient } from '@wayfarer/db'
import { getSiteSettings } from '../settings/site-settings'
import { getMailSettings } from './mail-settings'
import { confirmationMail, contactMail, storyMail, type MailFrame, type RenderedMail } from './render'
import { signLink } from './tokens'
import type { MailMessage } from './transport'

export interface OutboxRow {
  id: number
  kind: string
  email: string
  subscriber_id: number | null
  post_id: number | null
  payload: unknown
  tries: number
}

/**
 * Puts the mails of every story that went public (published now, or by the scheduler in any process) into the
 * outbox, one row per confirmed follower: those of every story and those of the story's trip. One statement marks
 * the story mailed and inserts its rows, so a story is queued once whichever process gets there first; the unique
 * key (email, post, kind) keeps a recipient from getting a story twice even so.
 */
export async function enqueueDueStories(prisma: PrismaClient, now: Date): Promise<number> {
  return prisma.$executeRaw`
    WITH due AS (
      UPDATE "posts" SET "mailed_at" = ${now}
      WHERE "id" IN (
        SELECT "id" FROM "posts"
        WHERE "mail_followers" AND "mailed_at" IS NULL AND "status" = 'published' AND "published_at" <= ${now}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "trip_id"
    )
    INSERT INTO "mail_outbox" ("kind", "email", "subscriber_id", "post_id", "next_attempt_at", "created_at")
    SELECT 'story', s."email", s."id", due."id", ${now}, ${now}
    FROM due JOIN "newsletter_subscribers" s
      ON s."status" = 'confirmed' AND (s."trip_id" IS NULL OR s."trip_id" = due."trip_id")
    ON CONFLICT ("email", "post_id", "kind") DO NOTHING`
}

/**
 * Claims the next due mail for one send: a pending row whose time has come, or a row left `sending` by a sender
 * whose lease ran out (a process that died mid-send). One row at a time, marked `sending` just before it goes out,
 * so `sending` means "in flight" and a crash leaves only the mails that were in flight to decide about
 * (docs/followers.md, "A process that dies mid-send"). SKIP LOCKED lets several processes claim side by side
 * without waiting or overlapping.
 */
export async function claimNext(prisma: PrismaClient, now: Date, leaseMs: number): Promise<OutboxRow | null> {
  const rows = await prisma.$queryRaw<OutboxRow[]>`
    UPDATE "mail_outbox" SET "status" = 'sending', "lease_until" = ${new Date(now.getTime() + leaseMs)},
      "tries" = "tries" + 1
    WHERE "id" = (
      SELECT "id" FROM "mail_outbox"
      WHERE ("status" = 'pending' AND "next_attempt_at" <= ${now}) OR ("status" = 'sending' AND "lease_until" < ${now})
      ORDER BY "id" LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "email", "subscriber_id", "post_id", "payload", "tries"`
  return rows[0] ?? null
}

export const markSent = (prisma: PrismaClient, id: number, now: Date) =>
  prisma.mailOutbox.update({ where: { id }, data: { status: 'sent', sentAt: now, leaseUntil: null, lastError: null } })

/**
 * Whether a refusal is about this one mail for good: a 5xx answer to RCPT TO (no such mailbox) or to the message
 * itself. A 5xx while connecting or signing in is the server's set-up, not the recipient's, and a 4xx is "try
 * later": those are retried.
 */
export function permanentRefusal(error: unknown): 'recipient' | 'message' | null {
  const { responseCode, command } = (error ?? {}) as { responseCode?: number; command?: string }
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return null
  if (command === 'RCPT TO') return 'recipient'
  return command === 'DATA' ? 'message' : null
}

/** The error as the owner sees it: the server's answer, with any password of the SMTP address blanked out. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/(\w+:\/\/[^:/@\s]*:)[^@\s]*@/g, '$1***@').slice(0, 1000)
}

/**
 * A refused or failed send. A permanent refusal fails the row at once (and a refused recipient is marked bounced:
 * no more mail goes to it); otherwise it waits twice as long each time, and after `maxTries` it stays failed.
 */
export async function markFailed(
  prisma: PrismaClient,
  row: OutboxRow,
  error: unknown,
  now: Date,
  retry: { baseMs: number; maxTries: number },
) {
  const permanent = permanentRefusal(error)
  const giveUp = permanent !== null || row.tries >= retry.maxTries
  const delay = Math.min(retry.baseMs * 2 ** (row.tries - 1), 6 * 3_600_000)
  await prisma.mailOutbox.update({
    where: { id: row.id },
    data: {
      status: giveUp ? 'failed' : 'pending',
      lastError: errorText(error),
      nextAttemptAt: new Date(now.getTime() + delay),
      leaseUntil: null,
    },
  })
  if (permanent === 'recipient' && row.subscriber_id)
    await prisma.newsletterSubscriber.updateMany({
      where: { id: row.subscriber_id, status: { in: ['pending', 'confirmed'] } },
      data: { status: 'bounced' },
    })
}

export interface RenderContext {
  prisma: PrismaClient
  publicUrl: string
  secretKey: string
  from: string
  now: Date
}

/** The site's name and the mail settings, read once per batch. */
export async function loadFrame(prisma: PrismaClient) {
  const [site, settings] = await Promise.all([getSiteSettings({ prisma }), getMailSettings(prisma)])
  return { siteName: site.name, settings }
}

const linkTo = (ctx: RenderContext, page: 'confirm' | 'unsubscribe', id: number, email: string) =>
  `${ctx.publicUrl}/newsletter/${page}?token=${signLink(ctx.secretKey, page, id, email, ctx.now)}`

async function renderRow(
  ctx: RenderContext,
  row: OutboxRow,
  site: Awaited<ReturnType<typeof loadFrame>>,
): Promise<{ mail: RenderedMail; unsubscribeUrl?: string } | null> {
  const frame: MailFrame = { siteName: site.siteName, publicUrl: ctx.publicUrl }
  if (row.kind === 'confirm' && row.subscriber_id)
    return { mail: confirmationMail(frame, linkTo(ctx, 'confirm', row.subscriber_id, row.email)) }
  if ((row.kind === 'story' || row.kind === 'test') && row.post_id) {
    // A follower who left (or was removed) after the story was queued gets nothing.
    if (row.kind === 'story') {
      const follower = row.subscriber_id
        ? await ctx.prisma.newsletterSubscriber.findUnique({
            where: { id: row.subscriber_id },
            select: { status: true },
          })
        : null
      if (follower?.status !== 'confirmed') return null
    }
    const post = await ctx.prisma.post.findUnique({ where: { id: row.post_id } })
    if (!post) return null
    const unsubscribeUrl = row.subscriber_id ? linkTo(ctx, 'unsubscribe', row.subscriber_id, row.email) : undefined
    const withLink = unsubscribeUrl ? { ...frame, unsubscribeUrl } : frame
    return {
      mail: storyMail(withLink, post, site.settings.wholeStory, row.kind === 'test'),
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    }
  }
  if (row.kind === 'contact') {
    const id = (row.payload as { messageId?: number } | null)?.messageId
    const message = id ? await ctx.prisma.contactMessage.findUnique({ where: { id } }) : null
    return message ? { mail: contactMail(frame, message) } : null
  }
  return null
}

/** The whole message of one outbox row, or null when what it was about is gone (a deleted subscriber). */
export async function messageFor(
  ctx: RenderContext,
  row: OutboxRow,
  site: Awaited<ReturnType<typeof loadFrame>>,
): Promise<MailMessage | null> {
  const rendered = await renderRow(ctx, row, site)
  if (!rendered) return null
  const host = new URL(ctx.publicUrl).hostname
  const headers: Record<string, string> = { 'List-Id': `${site.siteName.replace(/[<>"]/g, '')} <followers.${host}>` }
  if (rendered.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${rendered.unsubscribeUrl}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  return {
    from: ctx.from,
    to: row.email,
    subject: rendered.mail.subject,
    html: rendered.mail.html,
    text: rendered.mail.text,
    // The same id on every try: a receiver that got a mail whose acknowledgement was lost can tell the copy.
    messageId: `<outbox-${row.id}@${host}>`,
    headers,
  }
}
