import { z } from 'zod'
import { postBySlugInput, publicPost } from './posts/public-schema'

/**
 * Query answers the server embeds in a page's HTML (a JSON data block, never executed), so the first paint of a
 * story needs no second round trip: the web app puts them into its query cache before it renders.
 */
export const INITIAL_DATA_ELEMENT_ID = 'wayfarer-initial-data'

export const initialQueries = z.array(z.object({ procedure: z.literal('posts.story'), input: postBySlugInput, data: publicPost }))
export type InitialQuery = z.infer<typeof initialQueries>[number]
