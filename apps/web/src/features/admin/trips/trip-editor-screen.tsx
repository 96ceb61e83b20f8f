import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { AdminTrip } from '@wayfarer/api/schemas'
import { ConfirmButton, QueryView, Skeleton } from '@wayfarer/ui'
import { useAdminTitle } from '../../../lib/page-meta'
import { trpc } from '../../../lib/trpc'
import { useToast } from '../shell/toast-host'
import { TripForm } from './trip-form'
import { TripStories } from './trip-stories'
import { TripTracking } from './trip-tracking'
import { adminTripQuery } from './queries'

function EditorHeading({ title, trip }: { title: string; trip?: AdminTrip }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <Link to="/admin/trips" className="text-sm font-medium text-teal-700 hover:underline">
          ← All trips
        </Link>
        <h2 className="mt-1 text-2xl font-bold text-gray-900">{title}</h2>
      </div>
      {trip?.status === 'published' && (
        <Link
          to="/trips/$tripSlug"
          params={{ tripSlug: trip.slug }}
          className="text-sm font-medium text-teal-700 underline underline-offset-2"
        >
          View the trip page
        </Link>
      )}
    </div>
  )
}

/** /admin/trips/new */
export function NewTripScreen() {
  useAdminTitle('New trip')
  return (
    <div className="space-y-6">
      <EditorHeading title="New trip" />
      <TripForm />
    </div>
  )
}

/** /admin/trips/edit/{id}: the trip's fields, its stories with "Add day", and deleting it (its stories stay). */
export function EditTripScreen({ id }: { id: number }) {
  const trip = useQuery(adminTripQuery(id))
  useAdminTitle(trip.data ? `Trip: ${trip.data.title}` : 'Trip')
  return (
    <QueryView
      query={trip}
      loading={<Skeleton className="h-96 w-full" />}
      failed={(error) =>
        error.data?.code === 'NOT_FOUND' ? 'This trip does not exist.' : 'The trip could not be loaded.'
      }
      failedClassName="p-8"
    >
      {(data) => (
        <div className="space-y-6">
          <EditorHeading title={data.title} trip={data} />
          <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
            <TripForm key={data.updated_at} trip={data} />
            <div className="space-y-6">
              <TripStories trip={data} />
              <TripTracking tripId={data.id} />
              <DeleteTrip trip={data} />
            </div>
          </div>
        </div>
      )}
    </QueryView>
  )
}

function DeleteTrip({ trip }: { trip: AdminTrip }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const remove = useMutation(trpc.trips.delete.mutationOptions())
  const onConfirm = async () => {
    try {
      await remove.mutateAsync({ id: trip.id })
      toast({ text: `“${trip.title}” deleted; its stories stay` })
      await queryClient.invalidateQueries(trpc.trips.pathFilter())
      await navigate({ to: '/admin/trips' })
    } catch {
      toast({ text: 'The trip could not be deleted. Please try again.', tone: 'error' })
    }
  }
  return (
    <ConfirmButton
      variant="danger"
      confirm={`Delete “${trip.title}”? Its stories and photos stay.`}
      onConfirm={() => void onConfirm()}
    >
      Delete trip
    </ConfirmButton>
  )
}
