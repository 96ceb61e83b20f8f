import type { InputHTMLAttributes, ReactNode } from 'react'
import { cx } from '@wayfarer/ui'
import type { TripField, TripFormValues } from './trip-form-state'

export type TripErrors = Partial<Record<TripField, string>>
export type SetTripField = <K extends TripField>(field: K, value: TripFormValues[K]) => void

export const inputClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none aria-[invalid=true]:border-red-600'

/** A field of the trip editor with its label, a hint, and the refusal (the browser's check or the server's) below. */
export function TripFieldBox({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error: string | undefined
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The props that tie an input to its label, hint and refusal. */
export function describedBy(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': ids || undefined }
}

/** A one-line text or date input bound to a field. */
export function TripInput({
  field,
  label,
  hint,
  values,
  errors,
  set,
  ...input
}: {
  field: 'title' | 'slug' | 'start_date' | 'end_date' | 'time_zone'
  label: string
  hint?: string
  values: TripFormValues
  errors: TripErrors
  set: SetTripField
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = `trip-${field.replace('_', '-')}`
  return (
    <TripFieldBox id={id} label={label} hint={hint} error={errors[field]}>
      <input
        {...describedBy(id, errors[field], Boolean(hint))}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        className={cx(inputClass)}
        {...input}
      />
    </TripFieldBox>
  )
}
