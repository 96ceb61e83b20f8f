import { infiniteQueryOptions } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { trpc, trpcClient, type TrpcUtils } from '../../lib/trpc'

type CardsFilter = { category?: string | undefined; search?: string | undefined }

/**
 * The blog list: pages of story cards (no bodies), the next page on "Load more". Searching and the category
 * filter run on the server over every story. Keyed like tRPC's own infinite queries, so invalidating
 * `posts` after an admin write refreshes it too.
 */
export const storyCardsQuery = (filter: CardsFilter) =>
  infiniteQueryOptions({
    queryKey: getQueryKey(trpc.posts.cards, filter, 'infinite'),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => trpcClient.posts.cards.query({ ...filter, page: pageParam }, { signal }),
    getNextPageParam: ({ pagination }) => (pagination.page < pagination.pages ? pagination.page + 1 : undefined),
  })

export const categoriesQuery = (trpcUtils: TrpcUtils) => trpcUtils.taxonomy.categories.queryOptions()
