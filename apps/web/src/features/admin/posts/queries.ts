import { ADMIN_POSTS_PAGE_SIZE, postStatuses } from '@wayfarer/api/schemas'
import { optionalChoice, pageParam, z } from '../../../lib/search-params'
import { trpc } from '../../../lib/trpc'

/** What the posts list shows; kept in the URL (/admin/posts?page=2&status=draft&search=lisbon). */
export const postsView = z.object({
  page: pageParam,
  status: optionalChoice(postStatuses),
  search: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(200))), undefined),
})
export type PostsView = z.output<typeof postsView>

/** One page of the owner's posts, fetched again each time the list is shown. */
export const adminPostsQuery = (view: PostsView) =>
  trpc.posts.adminList.queryOptions(
    {
      page: view.page,
      limit: ADMIN_POSTS_PAGE_SIZE,
      ...(view.status ? { status: view.status } : {}),
      ...(view.search ? { search: view.search } : {}),
    },
    { staleTime: 0 },
  )

/**
 * The post the edit form starts from. The form copies it once, so it must be current: the route loader fetches
 * it unless it is a few seconds old (a hover just before the click), and saving invalidates it.
 */
export const postForEditQuery = (id: number) =>
  trpc.posts.adminById.queryOptions({ id }, { retry: false, staleTime: 10_000 })

/**
 * The story's saved versions. The editor's loader fetches them with the post: the history card sits above the place
 * and route controls, and a list arriving after the first paint would move them under the owner's pointer.
 */
export const revisionsQuery = (id: number) => trpc.posts.revisions.queryOptions({ id })

export const tagsQuery = () => trpc.taxonomy.tags.queryOptions()
