import { createFileRoute } from '@tanstack/react-router'
import { TripsScreen } from '../../../features/trips/trips-screen'
import { tripsQuery } from '../../../features/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/_public/trips/')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(tripsQuery())),
  component: TripsScreen,
})
