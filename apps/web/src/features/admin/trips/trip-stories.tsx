import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { PostEditLink } from '../posts/post-edit-link'
import type { AdminTrip } from '@wayfarer/api/schemas'
import { Button, Card } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { StatusBadge } from '../posts/status-badge'
import { describedBy, inputClass, TripFieldBox } from './trip-fields'

/** The trip's stories in day order (undated drafts last), and "Add day": a draft story for that day, opened at once. */
export function TripStories({ trip }: { trip: AdminTrip }) {
  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold text-gray-900">Stories day by day</h3>
      {trip.stories.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No stories in this trip yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-200" data-testid="trip-stories">
          {trip.stories.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="mr-2 inline-block w-16 text-sm font-semibold text-gray-700">
                  {s.day === null ? 'No date' : `Day ${s.day}`}
                </span>
                <PostEditLink id={s.id} className="text-teal-800 hover:underline">
                  {s.title}
                </PostEditLink>
              </span>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ol>
      )}
      <AddDay trip={trip} />
    </Card>
  )
}

function AddDay({ trip }: { trip: AdminTrip }) {
  const [day, setDay] = useState(String(Math.max(1, trip.day_count || 1)))
  const [error, setError] = useState<string | undefined>()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const add = useMutation(trpc.trips.addDay.mutationOptions())
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const n = Number(day)
    if (!Number.isInteger(n) || n < 1) return setError('Day must be a whole number from 1')
    try {
      const added = await add.mutateAsync({ trip_id: trip.id, day: n })
      await queryClient.invalidateQueries(trpc.trips.pathFilter())
      await queryClient.invalidateQueries(trpc.posts.pathFilter())
      await navigate({ to: '/admin/posts/edit/$id', params: { id: String(added.id) } })
    } catch (err) {
      setError(toUserMessage(err, 'The day could not be added. Please try again.'))
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 flex flex-wrap items-end gap-3">
      <div className="w-32">
        <TripFieldBox id="trip-add-day" label="Day" error={error}>
          <input
            {...describedBy('trip-add-day', error)}
            type="number"
            min={1}
            value={day}
            onChange={(e) => {
              setDay(e.target.value)
              setError(undefined)
            }}
            className={inputClass}
          />
        </TripFieldBox>
      </div>
      <Button type="submit" variant="secondary" disabled={add.isPending} className={error ? 'mb-7' : ''}>
        {add.isPending ? 'Adding…' : 'Add day'}
      </Button>
    </form>
  )
}
