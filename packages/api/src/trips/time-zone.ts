import { Temporal } from 'temporal-polyfill'

/**
 * The IANA time zone `name` stands for, in IANA's spelling ("asia/kathmandu" → "Asia/Kathmandu"), or null when
 * it is none. Older aliases such as Asia/Calcutta or US/Pacific are zones too; UTC offsets ("+05:45") are not,
 * because a trip's days follow the place's rules, summer time included.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(name) || name.length > 64) return null
  try {
    return Temporal.ZonedDateTime.from({ timeZone: name, year: 2000, month: 1, day: 1 }).timeZoneId
  } catch {
    return null
  }
}
