import { trpc } from '../../lib/trpc'

/**
 * A published story by its slug, read without counting a view: hovering a link loads it ahead of the click, and
 * the screen counts the visit once it is shown (posts.recordView). A missing story is final, so no retry.
 */
export const storyQuery = (slug: string) =>
  trpc.posts.story.queryOptions({ slug }, { retry: false, staleTime: Infinity })

/** A draft (or any post) as the owner's preview link shows it; read fresh each time, never kept for long. */
export const previewQuery = (token: string) =>
  trpc.posts.preview.queryOptions({ token }, { retry: false, staleTime: 0, gcTime: 0 })
