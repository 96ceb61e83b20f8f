import { trpc } from '../../lib/trpc'

type CardsFilter = { category?: string | undefined; search?: string | undefined }

/**
 * The blog list: pages of story cards (no bodies), the next page on "Load more". Searching and the category
 * filter run on the server over every story. The filter alone is the key (tRPC leaves the page out of an
 * infinite query's key), which is also where the server's embedded first page lands (`lib/initial-data.ts`).
 */
export const storyCardsQuery = (filter: CardsFilter) =>
  trpc.posts.cards.infiniteQueryOptions(filter, {
    initialCursor: 1,
    getNextPageParam: ({ pagination }) => (pagination.page < pagination.pages ? pagination.page + 1 : undefined),
    // A search typed further or a filter changed makes the older request useless: it is cancelled.
    trpc: { abortOnUnmount: true },
  })

export const categoriesQuery = () => trpc.taxonomy.categories.queryOptions()
