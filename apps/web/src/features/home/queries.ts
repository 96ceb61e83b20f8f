import { HOME_STORIES_INPUT } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'

/** Home: the 6 newest stories, the first one larger, as cards (no bodies). */
export const latestStoriesQuery = () => trpc.posts.cards.queryOptions(HOME_STORIES_INPUT)
