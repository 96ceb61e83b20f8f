import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import type { SessionUser } from '../auth/service'
import {
  statusAfter,
  type AdminComment,
  type AdminCommentsOutput,
  type CommentCounts,
  type CommentStatusFilter,
  type ModerationAction,
} from './schema'

const adminInclude = {
  post: { select: { title: true, slug: true } },
  moderatedBy: { select: { email: true } },
} as const

type CommentRow = {
  id: number
  postId: number
  authorName: string
  authorEmail: string
  authorWebsite: string | null
  content: string
  status: AdminComment['status']
  createdAt: Date
  moderatedAt: Date | null
  post: { title: string; slug: string }
  moderatedBy: { email: string } | null
}

const toAdminComment = (c: CommentRow): AdminComment => ({
  id: c.id,
  post_id: c.postId,
  author_name: c.authorName,
  author_email: c.authorEmail,
  author_website: c.authorWebsite,
  content: c.content,
  status: c.status,
  created_at: c.createdAt.toISOString(),
  moderated_at: c.moderatedAt?.toISOString() ?? null,
  moderated_by_email: c.moderatedBy?.email ?? null,
  post_title: c.post.title,
  post_slug: c.post.slug,
})

export async function countComments(deps: AppDeps): Promise<CommentCounts> {
  const groups = await deps.prisma.comment.groupBy({ by: ['status'], _count: { _all: true } })
  const counts: CommentCounts = { pending: 0, approved: 0, denied: 0, spam: 0, total: 0 }
  for (const g of groups) {
    counts[g.status] = g._count._all
    counts.total += g._count._all
  }
  return counts
}

/** The moderation queue: every comment (or one status), newest first, with the counts for the tiles. */
export async function listForModeration(
  deps: AppDeps,
  input: { status: CommentStatusFilter; page: number; limit: number },
): Promise<AdminCommentsOutput> {
  const where = input.status === 'all' ? {} : { status: input.status }
  const [counts, rows] = await Promise.all([
    countComments(deps),
    deps.prisma.comment.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
      include: adminInclude,
    }),
  ])
  const total = input.status === 'all' ? counts.total : counts[input.status]
  return {
    comments: rows.map(toAdminComment),
    counts,
    pagination: { page: input.page, limit: input.limit, total, totalPages: Math.ceil(total / input.limit) },
  }
}

const moderationData = (deps: AppDeps, user: SessionUser, action: ModerationAction) => ({
  status: statusAfter[action],
  moderatedAt: deps.now(),
  moderatedById: user.id,
})

export async function moderateComment(
  deps: AppDeps,
  user: SessionUser,
  input: { comment_id: number; action: ModerationAction },
): Promise<AdminComment> {
  const { count } = await deps.prisma.comment.updateMany({
    where: { id: input.comment_id },
    data: moderationData(deps, user, input.action),
  })
  if (count === 0) throw new NotFoundError(messages.moderation.notFound)
  const comment = await deps.prisma.comment.findUnique({ where: { id: input.comment_id }, include: adminInclude })
  if (!comment) throw new NotFoundError(messages.moderation.notFound)
  return toAdminComment(comment)
}

/** All or nothing: if any id is unknown the transaction rolls back and no comment changes. */
export async function moderateComments(
  deps: AppDeps,
  user: SessionUser,
  input: { comment_ids: number[]; action: ModerationAction },
): Promise<number> {
  const ids = [...new Set(input.comment_ids)]
  const data = moderationData(deps, user, input.action)
  // On PGlite, a query on the outer client inside an interactive transaction waits for it: only `tx` here.
  return deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.comment.updateMany({ where: { id: { in: ids } }, data })
    if (count !== ids.length) {
      const found = new Set(
        (await tx.comment.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((c) => c.id),
      )
      throw new NotFoundError(messages.moderation.someNotFound(ids.filter((id) => !found.has(id))))
    }
    return count
  })
}

export async function deleteComment(deps: AppDeps, id: number): Promise<void> {
  const { count } = await deps.prisma.comment.deleteMany({ where: { id } })
  if (count === 0) throw new NotFoundError(messages.moderation.notFound)
}
