import { useState, type FormEvent } from 'react'
import type { AdminTrip } from '@wayfarer/api/schemas'
import { Button, Card } from '@wayfarer/ui'
import { FailureNotice } from '../shell/failure-notice'
import { CoverPicker } from './cover-picker'
import { describedBy, inputClass, TripFieldBox, TripInput, type SetTripField } from './trip-fields'
import { emptyTripForm, timeZoneChoices, tripFormOf, type TripFormValues } from './trip-form-state'
import { useTripSave } from './use-trip-save'

/** The trip's own fields: create a trip, or change one (its stories are edited beside it). */
export function TripForm({ trip }: { trip?: AdminTrip }) {
  const [values, setValues] = useState<TripFormValues>(() => (trip ? tripFormOf(trip) : emptyTripForm()))
  const saver = useTripSave(trip?.id, values)
  const set: SetTripField = (field, value) => {
    setValues((v) => ({ ...v, [field]: value }))
    saver.clear(field)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void saver.save()
  }
  const shared = { values, errors: saver.errors, set }
  return (
    <Card className="p-6">
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={trip ? 'Trip details' : 'New trip'}>
        <FailureNotice text={saver.failure} onDismiss={saver.dismiss} />
        <TripInput field="title" label="Title" required maxLength={200} {...shared} />
        <TripInput
          field="slug"
          label="Address"
          hint={`/trips/${values.slug || '…'}: lowercase letters, digits and hyphens; empty makes it from the title.`}
          maxLength={80}
          {...shared}
        />
        <TripFieldBox id="trip-summary" label="Summary" error={saver.errors.summary}>
          <textarea
            {...describedBy('trip-summary', saver.errors.summary)}
            rows={3}
            maxLength={1000}
            value={values.summary}
            onChange={(e) => set('summary', e.target.value)}
            className={inputClass}
          />
        </TripFieldBox>
        <TripDates {...shared} />
        <CoverPicker
          value={values.cover_image_id}
          onChange={(id) => set('cover_image_id', id)}
          error={saver.errors.cover_image_id}
        />
        <TripFieldBox id="trip-status" label="Visibility" error={saver.errors.status}>
          <select
            id="trip-status"
            value={values.status}
            onChange={(e) => set('status', e.target.value === 'published' ? 'published' : 'draft')}
            className={inputClass}
          >
            <option value="draft">Draft (only you see it)</option>
            <option value="published">Published</option>
          </select>
        </TripFieldBox>
        <Button type="submit" disabled={saver.saving}>
          {saver.saving ? 'Saving…' : trip ? 'Save trip' : 'Create trip'}
        </Button>
      </form>
    </Card>
  )
}

/** Start, end and the time zone the days are counted in. */
function TripDates(shared: Omit<Parameters<typeof TripInput>[0], 'field' | 'label'>) {
  const zones = timeZoneChoices()
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <TripInput field="start_date" label="Start date" type="date" required {...shared} />
      <TripInput field="end_date" label="End date" type="date" hint="Empty while the trip goes on." {...shared} />
      <TripInput
        field="time_zone"
        label="Time zone"
        hint="Where the days are counted, e.g. Asia/Kathmandu."
        list="trip-time-zones"
        autoComplete="off"
        required
        {...shared}
      />
      <datalist id="trip-time-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </div>
  )
}
