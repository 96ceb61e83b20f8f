import { createFileRoute } from '@tanstack/react-router'
import { NewTripScreen } from '../../../features/admin/trips/trip-editor-screen'
import { coverChoicesQuery } from '../../../features/admin/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/admin/trips/new')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(coverChoicesQuery())),
  component: NewTripScreen,
})
