import { createFileRoute } from '@tanstack/react-router'
import { CommentsScreen } from '../../features/admin/comments/comments-screen'
import { commentsView, moderationQueueQuery } from '../../features/admin/comments/queries'
import { settled } from '../../lib/preload'
import { viewInUrl } from '../../lib/url-view'

export const Route = createFileRoute('/admin/comments')({
  ...viewInUrl(commentsView, { status: 'all', page: 1 }),
  loader: ({ context: { queryClient }, deps }) => settled(queryClient.ensureQueryData(moderationQueueQuery(deps))),
  component: CommentsScreen,
})
