import type { PostCardsOutput, PublicPost } from './posts/public-schema'
import type { BodyPhoto } from './gallery/schema'
import type { TripCard, TripPage } from './trips/schema'
import type { PublicSiteSettings } from './site'

/**
 * Query answers the server embeds in a page's HTML (a JSON data block, never executed), so the first paint of a
 * story needs no second round trip: the web app puts them into its query cache before it renders. No zod here:
 * the web app reads the block on every page (see apps/web/src/lib/initial-data.ts); the server's test parses
 * the block with the story procedure's own schemas.
 */
export const INITIAL_DATA_ELEMENT_ID = 'wayfarer-initial-data'

/** The home page's hero picture: the web app's `heroPhotoQuery` asks exactly this. */
export const HERO_PHOTO_INPUT = { use: 'hero', limit: 1 } as const

/** The home page's latest stories (the 6 newest): the web app's `latestStoriesQuery` asks exactly this. */
export const HOME_STORIES_INPUT = { limit: 6 } as const

/** A story page's story; the home page's hero picture (its LCP) and latest stories; the trips and a trip page. */
export type InitialQuery =
  | { procedure: 'posts.story'; input: { slug: string }; data: PublicPost }
  | { procedure: 'gallery.bodyPhotos'; input: typeof HERO_PHOTO_INPUT; data: BodyPhoto[] }
  | { procedure: 'posts.cards'; input: typeof HOME_STORIES_INPUT; data: PostCardsOutput; infinite?: false }
  /** The blog list's first page (its infinite query, `storyCardsQuery`), for the category in the URL if any. */
  | { procedure: 'posts.cards'; infinite: true; input: { category?: string }; data: PostCardsOutput }
  /** /trips: the published trips (`trips.list` takes no input). */
  | { procedure: 'trips.list'; input?: undefined; data: { trips: TripCard[] } }
  /** /trips/{slug}: the trip page. */
  | { procedure: 'trips.bySlug'; input: { slug: string }; data: TripPage }
  /** Every page: the site settings its header, footer and texts show (`settings.site` takes no input). */
  | { procedure: 'settings.site'; input?: undefined; data: PublicSiteSettings }
