import { createFileRoute } from '@tanstack/react-router'
import { TripsListScreen } from '../../../features/admin/trips/trips-list-screen'
import { adminTripsQuery } from '../../../features/admin/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/admin/trips/')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(adminTripsQuery())),
  component: TripsListScreen,
})
