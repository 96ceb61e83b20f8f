import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { useToast } from '../shell/toast-host'
import { fieldOfServerError, tripFormErrors, tripPayload, type TripFormValues } from './trip-form-state'
import type { TripErrors } from './trip-fields'

/**
 * Saving the trip editor: the browser's checks first, then create or update. A refusal is shown next to the
 * field it is about, in the server's words (or above the form when it is about no one field); nothing typed is lost.
 * A new trip opens in its editor, where its stories and "Add day" are.
 */
export function useTripSave(id: number | undefined, values: TripFormValues) {
  const [errors, setErrors] = useState<TripErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const create = useMutation(trpc.trips.create.mutationOptions())
  const update = useMutation(trpc.trips.update.mutationOptions())

  const refuse = (found: TripErrors) => {
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) document.getElementById(`trip-${first.replace('_', '-')}`)?.focus()
  }

  const save = async () => {
    setFailure(null)
    const found = tripFormErrors(values)
    if (Object.keys(found).length) return refuse(found)
    try {
      const saved = id
        ? await update.mutateAsync({ id, ...tripPayload(values) })
        : await create.mutateAsync(tripPayload(values))
      setErrors({})
      toast({ text: id ? `Changes to “${saved.title}” saved` : `“${saved.title}” created` })
      await queryClient.invalidateQueries(trpc.trips.pathFilter())
      if (!id) await navigate({ to: '/admin/trips/edit/$tripId', params: { tripId: String(saved.id) } })
    } catch (error) {
      const text = toUserMessage(error, 'The trip could not be saved. Please try again.')
      const field = fieldOfServerError(text)
      if (field) refuse({ [field]: text })
      else setFailure(text)
    }
  }
  const clear = (field: keyof TripFormValues) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  return { save, errors, clear, failure, dismiss: () => setFailure(null), saving: create.isPending || update.isPending }
}
