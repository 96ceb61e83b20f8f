import { COMMENTS_PAGE_SIZE } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'

/** A post's approved comments, newest first, a page at a time behind 'Load More Comments'. */
export const postCommentsQuery = (postId: number) =>
  trpc.comments.forPost.infiniteQueryOptions(
    { post_id: postId, limit: COMMENTS_PAGE_SIZE },
    {
      initialCursor: 1,
      getNextPageParam: ({ pagination }) => (pagination.page < pagination.totalPages ? pagination.page + 1 : undefined),
    },
  )
