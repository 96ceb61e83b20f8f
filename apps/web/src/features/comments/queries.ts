import { infiniteQueryOptions } from '@tanstack/react-query'
import { COMMENTS_PAGE_SIZE } from '@wayfarer/api/schemas'
import { trpcClient } from '../../lib/trpc'

/** A post's approved comments, newest first, 20 a page behind 'Load More Comments' (SPEC.md §2, §9). */
export const postCommentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: ['post-comments', postId] as const,
    queryFn: ({ pageParam }) =>
      trpcClient.comments.forPost.query({ post_id: postId, page: pageParam, limit: COMMENTS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  })
