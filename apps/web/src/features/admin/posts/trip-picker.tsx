import { useQuery } from '@tanstack/react-query'
import { Card } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import type { PostFormValues } from './post-form-state'
import type { SetField } from './post-form-fields'

const control =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

/**
 * The story's trip and when it happened (its day in the trip is counted from that, else from its publish time).
 * A story more than a day outside the trip's dates is refused on saving: the server's words appear here.
 */
export function TripPicker({ values, set, error }: { values: PostFormValues; set: SetField; error: string | null }) {
  const trips = useQuery(trpc.trips.adminList.queryOptions(undefined, { staleTime: 30_000 }))
  const describedBy = error ? 'post-trip-error' : undefined
  return (
    <Card className="space-y-4 p-6">
      <h3 className="font-semibold text-gray-900">Trip</h3>
      <div>
        <label htmlFor="post-trip" className="block text-sm font-medium text-gray-700">
          Part of the trip
        </label>
        <select
          id="post-trip"
          value={values.trip_id ?? ''}
          onChange={(e) => set('trip_id', e.target.value ? Number(e.target.value) : null)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={control}
        >
          <option value="">No trip</option>
          {(trips.data?.trips ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="post-happened-at" className="block text-sm font-medium text-gray-700">
          When it happened
        </label>
        <input
          id="post-happened-at"
          type="datetime-local"
          value={values.happened_at}
          onChange={(e) => set('happened_at', e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={['post-happened-hint', describedBy].filter(Boolean).join(' ')}
          className={control}
        />
        <p id="post-happened-hint" className="mt-1 text-xs text-gray-600">
          Empty: the publish time counts for the story&apos;s day.
        </p>
      </div>
      {error && (
        <p id="post-trip-error" className="text-sm text-red-700" data-testid="post-trip-error">
          {error}
        </p>
      )}
    </Card>
  )
}
