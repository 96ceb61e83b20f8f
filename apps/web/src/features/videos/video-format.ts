import { formatDate } from '../../lib/dates'
import { formatViews } from '../post/format'

/** Video titles are cut at 60 characters, Shorts titles at 40, with an ellipsis. */
export const VIDEO_TITLE_MAX = 60
export const SHORT_TITLE_MAX = 40

export function truncateTitle(title: string, max: number): string {
  return title.length > max ? `${title.slice(0, max).trimEnd()}…` : title
}

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.\d+)?S)?)?$/

/** "PT1H2M3S" → "1:02:03", "PT45S" → "0:45"; live streams (P0D) and unreadable values → null (no badge). */
export function formatDuration(iso: string): string | null {
  const m = ISO_DURATION.exec(iso)
  if (!m) return null
  const [, d, h, min, s] = m
  const total = Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3_600 + Number(min ?? 0) * 60 + Number(s ?? 0)
  if (total === 0) return null
  const hours = Math.floor(total / 3_600)
  const minutes = Math.floor((total % 3_600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** A video's date as the rest of the site writes dates: 'Nov 24, 2026'. */
export const formatPublished = (iso: string): string => formatDate(iso)

/** View counts with K above 1,000 and M above 1,000,000, as on stories; YouTube sends them as strings. */
export const formatVideoViews = (count: string): string => `${formatViews(Number(count) || 0)} views`
