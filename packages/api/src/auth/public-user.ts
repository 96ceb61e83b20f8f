import { z } from 'zod/mini'

/**
 * The signed-in owner as the server returns it and the web app keeps it. Written with zod/mini: the web app
 * checks the stored session on every page, and the full zod library stays out of the public pages' first load.
 */
export const publicUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
})
export type PublicUser = z.infer<typeof publicUser>
