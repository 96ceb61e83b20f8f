import { createFileRoute } from '@tanstack/react-router'
import { EditTripScreen } from '../../../features/admin/trips/trip-editor-screen'
import { adminTripQuery, coverChoicesQuery } from '../../../features/admin/trips/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/admin/trips/edit/$tripId')({
  loader: ({ context: { queryClient }, params }) => {
    const id = Number(params.tripId)
    return settled(
      // fetchQuery: the form starts from this copy, so it must be current.
      ...(Number.isInteger(id) && id > 0 ? [queryClient.fetchQuery(adminTripQuery(id))] : []),
      queryClient.ensureQueryData(coverChoicesQuery()),
    )
  },
  component: function EditTrip() {
    const { tripId: id } = Route.useParams()
    return <EditTripScreen key={id} id={Number(id)} />
  },
})
