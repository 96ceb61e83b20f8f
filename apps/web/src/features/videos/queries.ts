import { trpc } from '../../lib/trpc'

// The server caches YouTube's answer for minutes; asking again sooner would only return the same list.
const fromYouTube = { retry: false, staleTime: 5 * 60_000 } as const

/** Home: the channel's 6 latest travel videos (SPEC.md §7). */
export const travelVideosQuery = () => trpc.youtube.travelVideos.queryOptions({ maxResults: 6 }, fromYouTube)

/** Home: the channel's 4 latest Shorts. */
export const shortsQuery = () => trpc.youtube.shorts.queryOptions({ maxResults: 4 }, fromYouTube)
