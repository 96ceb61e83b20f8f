import type { TrpcUtils } from '../../lib/trpc'

/** Home: the 6 newest stories (SPEC.md §9), the first one larger. */
export const latestStoriesQuery = (trpc: TrpcUtils) => trpc.posts.published.queryOptions({ limit: 6 })
