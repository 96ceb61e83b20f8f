import { createFileRoute } from '@tanstack/react-router'
import { TripScreen } from '../../../features/trips/trip-screen'
import { tripQuery } from '../../../features/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/_public/trips/$tripSlug')({
  loader: ({ context: { queryClient }, params: { tripSlug } }) =>
    settled(queryClient.ensureQueryData(tripQuery(tripSlug))),
  component: function TripRoute() {
    const { tripSlug: slug } = Route.useParams()
    return <TripScreen key={slug} slug={slug} />
  },
})
