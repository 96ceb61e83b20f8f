import { createFileRoute } from '@tanstack/react-router'
import { TripScreen } from '../../../features/trips/trip-screen'
import { tripQuery } from '../../../features/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/_public/trips/$slug')({
  loader: ({ context: { queryClient }, params: { slug } }) => settled(queryClient.ensureQueryData(tripQuery(slug))),
  component: function TripRoute() {
    const { slug } = Route.useParams()
    return <TripScreen key={slug} slug={slug} />
  },
})
