import { createFileRoute } from '@tanstack/react-router'
import { MessagesScreen } from '../../features/admin/messages/messages-screen'
import { inboxQuery, messagesView } from '../../features/admin/messages/queries'
import { settled } from '../../lib/preload'
import { viewInUrl } from '../../lib/url-view'

export const Route = createFileRoute('/admin/messages')({
  ...viewInUrl(messagesView, { status: 'all', page: 1 }),
  loader: ({ context: { queryClient }, deps }) => settled(queryClient.ensureQueryData(inboxQuery(deps))),
  component: MessagesScreen,
})
