import { z } from 'zod'
import { COMMENTS_PAGE_SIZE, commentStatusFilters } from '@wayfarer/api/schemas'
import type { TrpcUtils } from '../../lib/trpc'

/** What the moderation screen shows; kept in the URL (/admin/comments?status=pending&page=2). */
export const commentsView = z.object({
  status: z.enum(commentStatusFilters).catch('all').default('all'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
})
export type CommentsView = z.output<typeof commentsView>

/** One page of the moderation queue with the count tiles. */
export const moderationQueueQuery = (trpc: TrpcUtils, view: CommentsView) =>
  trpc.comments.adminList.queryOptions({ status: view.status, page: view.page, limit: COMMENTS_PAGE_SIZE })
