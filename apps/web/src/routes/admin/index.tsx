import { createFileRoute } from '@tanstack/react-router'
import { DashboardScreen } from '../../features/dashboard/dashboard-screen'
import { dashboardQuery } from '../../features/dashboard/queries'
import { unreadMessagesQuery } from '../../features/admin-messages/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/')({
  loader: ({ context: { queryClient, trpc } }) =>
    settled(queryClient.ensureQueryData(dashboardQuery(trpc)), queryClient.ensureQueryData(unreadMessagesQuery(trpc))),
  component: DashboardScreen,
})
