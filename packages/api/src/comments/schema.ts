import { z } from 'zod'
import { messages } from '../messages'
import { id, pageNumber, pageSize, text as policyText } from '../input-policy'
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH, COMMENTS_PAGE_SIZE, HONEYPOT_FIELD } from '../limits'
import { commentStatuses, commentStatusFilters } from '../statuses'

const text = messages.comment

export {
  COMMENTS_PAGE_SIZE,
  COMMENT_MIN_LENGTH,
  COMMENT_MAX_LENGTH,
  COMMENT_COUNTER_LIMIT,
  HONEYPOT_FIELD,
} from '../limits'

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

const requiredText = (max: number, tooLong: string) =>
  policyText('Text', { error: text.required }).trim().min(1, text.required).max(max, tooLong)

export const commentContent = policyText('Comment', { error: text.required })
  .trim()
  .min(1, text.required)
  .min(COMMENT_MIN_LENGTH, text.tooShort)
  .max(COMMENT_MAX_LENGTH, text.tooLong)

// Field order matters: a request with several problems is answered with the first one.
export const submitCommentInput = z.object({
  post_id: id('Post id', { error: text.required }),
  author_name: requiredText(100, text.nameTooLong),
  author_email: requiredText(254, text.invalidEmail).pipe(z.email({ error: text.invalidEmail })),
  author_website: policyText('Website', { error: text.invalidWebsite })
    .trim()
    .max(500, text.invalidWebsite)
    .refine((v) => v === '' || isHttpUrl(v), text.invalidWebsite)
    .nullish()
    .transform((v) => (v ? v : null)),
  content: commentContent,
  [HONEYPOT_FIELD]: policyText('Website').max(2000).nullish(),
})
export type SubmitCommentInput = z.input<typeof submitCommentInput>

export const submitCommentOutput = z.object({ received: z.literal(true) })

const page = pageNumber()
const limit = pageSize(100).default(COMMENTS_PAGE_SIZE)

/** `cursor` is the page number (REST: `page`): the web app reads the comments as a tRPC infinite query, which sends
 * the next page under that name. */
export const postCommentsInput = z.object({ post_id: id('Post id'), cursor: page, limit })

/** What visitors see of a comment: never the author's e-mail or address. */
export const publicComment = z.object({
  id: z.number(),
  post_id: z.number(),
  author_name: z.string(),
  author_website: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
})
export type PublicComment = z.infer<typeof publicComment>

export const postCommentsOutput = z.object({
  comments: z.array(publicComment),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
})
export type PostCommentsOutput = z.infer<typeof postCommentsOutput>

export { commentStatuses, commentStatusFilters, type CommentStatusFilter } from '../statuses'
export type CommentStatus = (typeof commentStatuses)[number]

export const moderationActions = ['approve', 'deny', 'spam'] as const
export type ModerationAction = (typeof moderationActions)[number]
/** The status each moderation action leads to (Re-approve is `approve`). */
export const statusAfter: Record<ModerationAction, CommentStatus> = {
  approve: 'approved',
  deny: 'denied',
  spam: 'spam',
}

export const adminCommentsInput = z.object({
  status: z
    .enum(commentStatusFilters, { error: 'Status must be all, pending, approved, denied or spam' })
    .default('all'),
  page,
  limit,
})
export type AdminCommentsInput = z.input<typeof adminCommentsInput>

/** What the owner sees of a comment: what visitors see, and who wrote it, its status and its moderation. */
export const adminComment = publicComment.extend({
  author_email: z.string(),
  status: z.enum(commentStatuses),
  moderated_at: z.string().nullable(),
  moderated_by_email: z.string().nullable(),
  post_title: z.string(),
  post_slug: z.string(),
})
export type AdminComment = z.infer<typeof adminComment>

/** How many comments have each status, and how many there are in all. */
export const commentCounts = z.object({
  pending: z.number(),
  approved: z.number(),
  denied: z.number(),
  spam: z.number(),
  total: z.number(),
})
export type CommentCounts = z.infer<typeof commentCounts>

export const adminCommentsOutput = z.object({
  comments: z.array(adminComment),
  counts: commentCounts,
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
})
export type AdminCommentsOutput = z.infer<typeof adminCommentsOutput>

const moderationAction = z.enum(moderationActions, { error: messages.moderation.unknownAction })
const commentId = id('Comment id', { error: messages.moderation.notFound })

export const moderateCommentInput = z.object({ comment_id: commentId, action: moderationAction })
export type ModerateCommentInput = z.infer<typeof moderateCommentInput>

export const moderateBulkInput = z.object({
  comment_ids: z
    .array(commentId, { error: messages.moderation.noneSelected })
    .min(1, messages.moderation.noneSelected)
    .max(100, messages.moderation.tooManySelected),
  action: moderationAction,
})
export type ModerateBulkInput = z.infer<typeof moderateBulkInput>

export const moderateBulkOutput = z.object({ updated: z.number() })

export const deleteCommentInput = z.object({ id: commentId })
export const deleteCommentOutput = z.object({ deleted: z.number() })
