import { z } from 'zod'
import { text } from '../input-policy'

/** A category {id, name}, plus what the chips and footer links need. */
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

/** One category by its slug (`/api/categories/{slug}`). */
export const categoryBySlugInput = z.object({ slug: text('Slug').trim().min(1).max(200) })

export const publicTag = z.object({ id: z.number(), name: z.string(), slug: z.string() })
export type PublicTag = z.infer<typeof publicTag>
