import { createFileRoute } from '@tanstack/react-router'
import { DashboardScreen } from '../../features/admin/dashboard/dashboard-screen'
import { dashboardQuery } from '../../features/admin/dashboard/queries'
import { unreadMessagesQuery } from '../../features/admin/messages/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/')({
  loader: ({ context: { queryClient } }) =>
    settled(queryClient.ensureQueryData(dashboardQuery()), queryClient.ensureQueryData(unreadMessagesQuery())),
  component: DashboardScreen,
})
