import type { AppDeps } from '../deps'
import { ConflictError, NotFoundError, RateLimitedError } from '../errors'
import { messages } from '../messages'
import { describeWait } from '../rate-limit/limiter'
import { HONEYPOT_FIELD, type PostCommentsOutput, type PublicComment } from './schema'
import { publicPostWhere } from '../posts/visibility'
import { COMMENT_RATE_WINDOWS, hashAddress, looksLikeLinkSpam } from './spam-defence'

/** A visitor's comment after validation by `submitCommentInput`. */
export interface ValidComment {
  post_id: number
  author_name: string
  author_email: string
  author_website: string | null
  content: string
  [HONEYPOT_FIELD]?: string | null | undefined
}

export type SubmitOutcome = 'stored' | 'stored-as-spam' | 'dropped-by-honeypot'

/**
 * Stores a visitor's comment as pending. Spam defence, in order: the per-address rate limit (429), the
 * honeypot (answered like success, stored nowhere), the post must be published (404), the same text from the
 * same address is refused (409), and comments with 2+ links are filed as spam instead of pending.
 */
export async function submitComment(deps: AppDeps, input: ValidComment, ip: string): Promise<SubmitOutcome> {
  const ipHash = hashAddress(deps.config.secretKey, ip)
  const slot = `comment:ip:${ipHash}`
  const wait = await deps.rateLimiter.take(slot, COMMENT_RATE_WINDOWS)
  if (wait > 0) throw new RateLimitedError(messages.comment.rateLimited(describeWait(wait)), wait)
  if (input[HONEYPOT_FIELD]) return 'dropped-by-honeypot'

  // A comment that is refused (unknown post, duplicate) gives the visitor's slot back.
  const post = await deps.prisma.post.findFirst({
    where: { id: input.post_id, ...publicPostWhere },
    select: { id: true },
  })
  if (!post) {
    await deps.rateLimiter.refund(slot, COMMENT_RATE_WINDOWS)
    throw new NotFoundError(messages.comment.postNotFound)
  }

  const duplicate = await deps.prisma.comment.findFirst({
    where: { ipHash, content: input.content },
    select: { id: true },
  })
  if (duplicate) {
    await deps.rateLimiter.refund(slot, COMMENT_RATE_WINDOWS)
    throw new ConflictError(messages.comment.duplicate)
  }

  const spam = looksLikeLinkSpam(input.content)
  await deps.prisma.comment.create({
    data: {
      postId: post.id,
      authorName: input.author_name,
      authorEmail: input.author_email,
      authorWebsite: input.author_website,
      content: input.content,
      status: spam ? 'spam' : 'pending',
      ipHash,
      createdAt: deps.now(),
    },
  })
  return spam ? 'stored-as-spam' : 'stored'
}

/** Approved comments of a published post, newest first. */
export async function listPostComments(
  deps: AppDeps,
  input: { post_id: number; cursor: number; limit: number },
): Promise<PostCommentsOutput> {
  const post = await deps.prisma.post.findFirst({
    where: { id: input.post_id, ...publicPostWhere },
    select: { id: true },
  })
  if (!post) throw new NotFoundError(messages.comment.postNotFound)
  const where = { postId: post.id, status: 'approved' as const }
  const [total, rows] = await Promise.all([
    deps.prisma.comment.count({ where }),
    deps.prisma.comment.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.cursor - 1) * input.limit,
      take: input.limit,
      select: { id: true, postId: true, authorName: true, authorWebsite: true, content: true, createdAt: true },
    }),
  ])
  const comments: PublicComment[] = rows.map((c) => ({
    id: c.id,
    post_id: c.postId,
    author_name: c.authorName,
    author_website: c.authorWebsite,
    content: c.content,
    created_at: c.createdAt.toISOString(),
  }))
  return {
    comments,
    pagination: { page: input.cursor, limit: input.limit, total, totalPages: Math.ceil(total / input.limit) },
  }
}
