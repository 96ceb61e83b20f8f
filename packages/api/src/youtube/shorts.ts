const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** Seconds in an ISO 8601 duration (PT1H2M3S, P0D); null when it cannot be read. */
export function durationSeconds(iso: string): number | null {
  const m = ISO_DURATION.exec(iso)
  if (!m || iso === 'P' || iso.endsWith('T')) return null
  const [, d, h, min, s] = m
  return Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3_600 + Number(min ?? 0) * 60 + Number(s ?? 0)
}

const SHORTS_MAX_SECONDS = 180
const SHORTS_TAG = /#shorts\b/i

/**
 * YouTube has no official Shorts flag: a video is a Short when it lasts at most three minutes (live streams
 * report P0D and are not Shorts) or when the owner tagged it #shorts.
 */
export function isShort(video: { duration: string; title: string; description: string }): boolean {
  const seconds = durationSeconds(video.duration)
  if (seconds !== null && seconds > 0 && seconds <= SHORTS_MAX_SECONDS) return true
  return SHORTS_TAG.test(video.title) || SHORTS_TAG.test(video.description)
}
