import { useQuery } from '@tanstack/react-query'
import { tripsPage } from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { usePageMeta } from '../../lib/page-meta'
import { TripCard } from './trip-card'
import { tripsQuery } from './queries'

/** /trips: every published trip as a card, the live ones first (the server's order). */
export function TripsScreen() {
  usePageMeta(tripsPage.title, tripsPage.description)
  const trips = useQuery(tripsQuery())
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-bold text-gray-900">{tripsPage.name}</h1>
      <p className="mt-2 max-w-2xl text-gray-600">{tripsPage.description}</p>
      <QueryView
        query={trips}
        loading={
          <div className="mt-8 grid gap-8 md:grid-cols-2" aria-busy="true">
            <Skeleton className="aspect-[16/12] w-full rounded-xl" />
            <Skeleton className="aspect-[16/12] w-full rounded-xl" />
          </div>
        }
        failed="The trips could not be loaded."
        failedClassName="mt-8"
        isEmpty={(data) => data.trips.length === 0}
        empty={
          <p className="mt-12 rounded-xl border border-dashed border-gray-300 p-10 text-center text-gray-600">
            No trips yet. The journeys will appear here once the first one is published.
          </p>
        }
      >
        {(data) => (
          <ul className="mt-8 grid gap-8 md:grid-cols-2" data-testid="trips-list">
            {data.trips.map((t, i) => (
              <li key={t.id}>
                <TripCard trip={t} eager={i < 2} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  )
}
