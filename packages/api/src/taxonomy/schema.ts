import { z } from 'zod'

/** SPEC.md §3 Category {id, name}, plus what the chips and footer links need. */
export const publicCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  description: z.string(),
  /** Published posts in the category. */
  post_count: z.number(),
})
export type PublicCategory = z.infer<typeof publicCategory>

export const publicTag = z.object({ id: z.number(), name: z.string(), slug: z.string() })
export type PublicTag = z.infer<typeof publicTag>
