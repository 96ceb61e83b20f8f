import { createFileRoute } from '@tanstack/react-router'
import { PostsListScreen } from '../../../features/admin/posts/posts-list-screen'
import { adminPostsQuery, postsView } from '../../../features/admin/posts/queries'
import { settled } from '../../../lib/preload'
import { viewInUrl } from '../../../lib/url-view'

export const Route = createFileRoute('/admin/posts/')({
  ...viewInUrl(postsView, { page: 1 }),
  loader: ({ context: { queryClient }, deps }) => settled(queryClient.ensureQueryData(adminPostsQuery(deps))),
  component: PostsListScreen,
})
