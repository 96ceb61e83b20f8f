import { createFileRoute } from '@tanstack/react-router'
import { DashboardScreen } from '../../features/admin/dashboard/dashboard-screen'
import { dashboardQuery } from '../../features/admin/dashboard/queries'
import { unreadMessagesQuery } from '../../features/admin/messages/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/')({
  loader: ({ context: { queryClient, trpc } }) =>
    settled(queryClient.ensureQueryData(dashboardQuery(trpc)), queryClient.ensureQueryData(unreadMessagesQuery(trpc))),
  component: DashboardScreen,
})
