import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { z } from 'zod'
import type { adminTripListItem } from '@wayfarer/api/schemas'
import { Card, QueryView, Skeleton } from '@wayfarer/ui'
import { useAdminTitle } from '../../../lib/page-meta'
import { adminNumber } from '../../../lib/numbers'
import { tripDatesLine } from '../../trips/format'
import { StatusBadge } from '../posts/status-badge'
import { adminTripsQuery } from './queries'
import { ScreenHeader } from '../shell/screen-header'

type AdminTripItem = z.infer<typeof adminTripListItem>

const stateLabel = { planned: 'Planned', live: 'Live', finished: 'Finished' } as const

/** /admin/trips: every trip, drafts included, with its dates, state and stories; each opens its editor. */
export function TripsListScreen() {
  useAdminTitle('Trips')
  const trips = useQuery(adminTripsQuery())
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Trips"
        description="Journeys as a whole: their dates, stories day by day, and cover."
        actions={
          <Link
            to="/admin/trips/new"
            className="rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
          >
            New trip
          </Link>
        }
      />
      <Card>
        <QueryView
          query={trips}
          loading={<Skeleton className="m-4 h-24" />}
          failed="The trips could not be loaded."
          failedClassName="p-8 text-red-600"
          isEmpty={(data) => data.trips.length === 0}
          empty={<p className="p-8 text-center text-gray-600">No trips yet. Create the first one.</p>}
        >
          {(data) => (
            <ul className="divide-y divide-gray-200" data-testid="admin-trips">
              {data.trips.map((t) => (
                <TripRow key={t.id} trip={t} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  )
}

function TripRow({ trip }: { trip: AdminTripItem }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <Link
          to="/admin/trips/edit/$tripId"
          params={{ tripId: String(trip.id) }}
          className="font-semibold text-gray-900 hover:text-teal-700 hover:underline"
        >
          {trip.title}
        </Link>
        <p className="text-sm text-gray-600">
          {tripDatesLine(trip)} · {trip.time_zone}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        <StatusBadge status={trip.status} />
        <span>{stateLabel[trip.state]}</span>
        <span>
          {adminNumber(trip.story_count)} {trip.story_count === 1 ? 'story' : 'stories'}
        </span>
      </div>
    </li>
  )
}
