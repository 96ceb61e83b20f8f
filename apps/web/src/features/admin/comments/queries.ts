import { COMMENTS_PAGE_SIZE, commentStatusFilters } from '@wayfarer/api/schemas'
import { statusPageParams, type z } from '../../../lib/search-params'
import { trpc } from '../../../lib/trpc'

/** What the moderation screen shows; kept in the URL (/admin/comments?status=pending&page=2). */
export const commentsView = statusPageParams(commentStatusFilters)
export type CommentsView = z.output<typeof commentsView>

/** One page of the moderation queue with the count tiles. */
export const moderationQueueQuery = (view: CommentsView) =>
  trpc.comments.adminList.queryOptions({ status: view.status, page: view.page, limit: COMMENTS_PAGE_SIZE })
