import { trpc } from '../../lib/trpc'

/**
 * The server caches YouTube's answer for minutes and remembers a failure for one: asking again sooner would only
 * bring the same answer. So the route's loader asks once, and a section that mounts after that answer was a
 * failure shows it (the samples) instead of asking again behind the page's pictures.
 */
const fromYouTube = { retry: false, retryOnMount: false, staleTime: 5 * 60_000 } as const

/** Home: the channel's 6 latest travel videos. */
export const travelVideosQuery = () => trpc.youtube.travelVideos.queryOptions({ maxResults: 6 }, fromYouTube)

/** Home: the channel's 4 latest Shorts. */
export const shortsQuery = () => trpc.youtube.shorts.queryOptions({ maxResults: 4 }, fromYouTube)
