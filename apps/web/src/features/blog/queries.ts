import type { PublishedPostsInput } from '@wayfarer/api/schemas'
import type { TrpcUtils } from '../../lib/trpc'

/** Published stories, filtered by category and search (the blog list, the sitemap). */
export const storiesQuery = (trpc: TrpcUtils, filter: PublishedPostsInput) => trpc.posts.published.queryOptions(filter)

/** One row is enough to learn how many stories are published in all (the All chip's count). */
export const storyCountQuery = (trpc: TrpcUtils) => trpc.posts.published.queryOptions({ limit: 1 })

export const categoriesQuery = (trpc: TrpcUtils) => trpc.taxonomy.categories.queryOptions()
