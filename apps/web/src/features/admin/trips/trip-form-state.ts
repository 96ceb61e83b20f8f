import { messages } from '@wayfarer/api/messages'
import type { AdminTrip } from '@wayfarer/api/schemas'

const m = messages.trips

/** The editor's fields, as the inputs hold them (empty text for "none"). */
export interface TripFormValues {
  title: string
  slug: string
  summary: string
  start_date: string
  end_date: string
  time_zone: string
  cover_image_id: number | null
  status: 'draft' | 'published'
}

export type TripField = keyof TripFormValues

/** A new trip starts today, in the owner's own zone, as a draft. */
export function emptyTripForm(today = new Date()): TripFormValues {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const local = new Date(today.getTime() - today.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return {
    title: '',
    slug: '',
    summary: '',
    start_date: local,
    end_date: '',
    time_zone: zone,
    cover_image_id: null,
    status: 'draft',
  }
}

export function tripFormOf(trip: AdminTrip): TripFormValues {
  return {
    title: trip.title,
    slug: trip.slug,
    summary: trip.summary,
    start_date: trip.start_date,
    end_date: trip.end_date ?? '',
    time_zone: trip.time_zone,
    cover_image_id: trip.cover_image_id,
    status: trip.status,
  }
}

/** What create and update send: an empty end date is "goes on", an empty address is "made from the title". */
export function tripPayload(values: TripFormValues) {
  return {
    title: values.title,
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    summary: values.summary,
    start_date: values.start_date,
    end_date: values.end_date || null,
    time_zone: values.time_zone.trim(),
    cover_image_id: values.cover_image_id,
    status: values.status,
  }
}

/** Whether the browser knows a zone name (the server decides; this only spares a round trip for a typo). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() })
    return zone.trim() !== '' && !/^[+-]\d/.test(zone.trim())
  } catch {
    return false
  }
}

/** The zones offered in the picker's list. */
export function timeZoneChoices(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] }
  return intl.supportedValuesOf?.('timeZone') ?? []
}

/** Checks in the browser before saving, with the server's own words. */
export function tripFormErrors(values: TripFormValues): Partial<Record<TripField, string>> {
  const errors: Partial<Record<TripField, string>> = {}
  if (!values.title.trim()) errors.title = m.titleRequired
  if (!values.start_date) errors.start_date = m.badDate('Start date')
  if (values.end_date && values.start_date && values.end_date < values.start_date) errors.end_date = m.endBeforeStart
  if (!isKnownTimeZone(values.time_zone)) errors.time_zone = m.unknownTimeZone
  return errors
}

/**
 * Which field a refusal from the server is about, from its words (messages.trips): it is shown next to that
 * field. A story outside the new dates is about the dates; anything else is said above the form.
 */
export function fieldOfServerError(text: string): TripField | null {
  if (text === m.endBeforeStart || text === m.tooLong || text.startsWith('End date')) return 'end_date'
  if (text === m.unknownTimeZone || text.startsWith('Time zone')) return 'time_zone'
  if (text === m.badSlug || text === m.slugTaken || text.startsWith('The address')) return 'slug'
  if (text === m.titleRequired || text.startsWith('Title')) return 'title'
  if (text === m.coverNotFound) return 'cover_image_id'
  if (text.startsWith('Summary')) return 'summary'
  if (text.startsWith('Start date') || text === m.dateRange || text.includes('outside the trip')) return 'start_date'
  return null
}
