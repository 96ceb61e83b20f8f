import { z } from 'zod'

/** A video of the owner's channel as the home page shows it. Counts are strings, as YouTube sends them. */
export const video = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.object({ default: z.string(), medium: z.string(), high: z.string() }),
  publishedAt: z.string(),
  channelTitle: z.string(),
  /** ISO 8601 duration as YouTube reports it, e.g. PT4M13S (P0D for a live stream). */
  duration: z.string(),
  viewCount: z.string(),
  /** Null when the owner hides the count. */
  likeCount: z.string().nullable(),
  commentCount: z.string().nullable(),
  isShort: z.boolean(),
})
export type Video = z.infer<typeof video>

// YouTube's playlistItems.list returns at most 50 per page, which bounds what one cached fetch can offer.
export const MAX_VIDEO_RESULTS = 50

const maxResults = (fallback: number) =>
  z
    .number({ error: 'maxResults must be a number' })
    .int('maxResults must be a whole number')
    .min(1, 'maxResults must be at least 1')
    .max(MAX_VIDEO_RESULTS, `maxResults must be at most ${MAX_VIDEO_RESULTS}`)
    .default(fallback)

export const travelVideosInput = z.object({ maxResults: maxResults(6) }).default({ maxResults: 6 })
export const shortsInput = z.object({ maxResults: maxResults(4) }).default({ maxResults: 4 })

export { VIDEO_ID_PATTERN } from '../limits'
