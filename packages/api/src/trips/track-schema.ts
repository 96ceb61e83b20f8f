import { z } from 'zod'
import { id, text } from '../input-policy'
import { latitude, longitude } from '../places/schema'

/** Where the tracking app posts its points (OwnTracks' HTTP mode; the token is the Basic password). */
export const OWNTRACKS_PATH = '/api/track/owntracks'

/** The longest delay the owner may set before points go public: a year, in minutes. */
export const MAX_TRACK_DELAY_MINUTES = 525_600
/** Default delay: a day. */
export const DEFAULT_TRACK_DELAY_MINUTES = 1440
/** Faster than an airliner between two points means one of them is wrong. */
export const MAX_TRACK_SPEED_KMH = 1000
/** A phone's clock may run a little ahead; further ahead is a point from the future. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000
export const MAX_TRACK_ZONES = 20

export const trackMessages = {
  noToken: 'Tracking token required (send it as the password of HTTP Basic authentication)',
  badToken: 'This tracking token is not valid (it may have been revoked): make a new one in the trip editor',
  future: 'The point is from the future: check the phone’s clock',
  tooOld: 'The point is from before 1970',
  flood: (wait: string) => `Too many points: try again in ${wait}`,
  badBody: 'Send an OwnTracks message: a JSON object with _type',
  zoneRadius: 'A zone’s radius must be from 50 m to 100 km',
  tooManyZones: `At most ${MAX_TRACK_ZONES} private zones`,
  delay: `The delay must be from 0 minutes to a year (${MAX_TRACK_DELAY_MINUTES} minutes)`,
  imageNotFound: 'The check-in photo must be a photo in the gallery',
} as const

const epochSeconds = (label: string) =>
  z
    .number({ error: `${label} must be a number of seconds since 1970` })
    .int(`${label} must be a whole number of seconds`)
    .min(0, trackMessages.tooOld)
    .max(4_102_444_800, trackMessages.future)

/**
 * One OwnTracks location message as the app posts it (the booklet's JSON format). Fields we do not use are allowed
 * and ignored; the ones we keep are checked.
 */
export const ownTracksLocation = z.looseObject({
  _type: z.literal('location'),
  lat: latitude,
  lon: longitude,
  tst: epochSeconds('tst'),
  acc: z.number({ error: 'acc must be a number of metres' }).min(0).max(1e7).optional(),
  alt: z.number({ error: 'alt must be a number of metres' }).min(-1e4).max(1e5).optional(),
  batt: z.number({ error: 'batt must be a percentage' }).int().min(0).max(100).optional(),
})
/** Any OwnTracks message: only locations are kept, the rest (transitions, waypoints, cards) get an empty answer. */
export const ownTracksMessage = z.looseObject({ _type: text('_type').max(40) })

export const trackZone = z.object({
  name: text('Zone name').trim().max(100, 'A zone’s name must be at most 100 characters').default(''),
  latitude,
  longitude,
  radius_m: z
    .number({ error: trackMessages.zoneRadius })
    .int(trackMessages.zoneRadius)
    .min(50, trackMessages.zoneRadius)
    .max(100_000, trackMessages.zoneRadius),
})
export type TrackZone = z.infer<typeof trackZone>

export const trackSettingsInput = z.object({
  trip_id: id('Trip id'),
  delay_minutes: z
    .number({ error: trackMessages.delay })
    .int(trackMessages.delay)
    .min(0, trackMessages.delay)
    .max(MAX_TRACK_DELAY_MINUTES, trackMessages.delay)
    .optional(),
  paused: z.boolean({ error: 'paused must be true or false' }).optional(),
  zones: z.array(trackZone).max(MAX_TRACK_ZONES, trackMessages.tooManyZones).optional(),
})

export const checkInInput = z.object({
  trip_id: id('Trip id'),
  latitude,
  longitude,
  accuracy_m: z.number({ error: 'Accuracy must be a number of metres' }).min(0).max(1e7).optional(),
  note: text('Note').trim().max(500, 'A note must be at most 500 characters').default(''),
  image_id: id('Photo').optional(),
})

export const trackPointReasons = ['paused', 'too_fast'] as const
export const adminTrackPoint = z.object({
  id: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  recorded_at: z.string(),
  source: z.enum(['owntracks', 'checkin', 'import']),
  note: z.string(),
  accuracy_m: z.number().nullable(),
  battery: z.number().nullable(),
  /** Why it stays out of the public track; null when it goes public at `public_at`. */
  hidden_reason: z.enum(trackPointReasons).nullable(),
  public_at: z.string().nullable(),
  /** Inside a private zone: never public. */
  in_zone: z.boolean(),
})

export const adminTrack = z.object({
  trip_id: z.number(),
  delay_minutes: z.number(),
  paused: z.boolean(),
  zones: z.array(trackZone),
  /** Whether a token exists and when it was made (the token itself is shown only once). */
  token_created_at: z.string().nullable(),
  /** Where the tracking app posts. */
  endpoint: z.string(),
  point_count: z.number(),
  /** The latest 50 points, newest first. */
  points: z.array(adminTrackPoint),
})
export type AdminTrack = z.infer<typeof adminTrack>

export const newTrackToken = z.object({
  token: z.string(),
  /** The URL to paste into OwnTracks (HTTP mode), the token as the Basic password. */
  url: z.string(),
  endpoint: z.string(),
  username: z.string(),
})

/** "Last seen near {place}, {time ago}": the newest public point, rounded. */
export const lastSeen = z.object({
  place: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** When the point was recorded, to the minute. */
  at: z.string(),
  note: z.string(),
})
export type LastSeen = z.infer<typeof lastSeen>
