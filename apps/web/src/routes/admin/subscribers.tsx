import { createFileRoute } from '@tanstack/react-router'
import { SubscribersScreen } from '../../features/admin/subscribers/subscribers-screen'
import { subscribersQuery, subscribersView } from '../../features/admin/subscribers/queries'
import { settled } from '../../lib/preload'
import { viewInUrl } from '../../lib/url-view'

export const Route = createFileRoute('/admin/subscribers')({
  ...viewInUrl(subscribersView, { status: 'all', page: 1 }),
  loader: ({ context: { queryClient }, deps }) => settled(queryClient.ensureQueryData(subscribersQuery(deps))),
  component: SubscribersScreen,
})
