import { z } from 'zod'
import { id } from '../input-policy'

/** How many saved versions of a story are kept; older ones are dropped in the same transaction as the save. */
export const REVISIONS_KEPT = 20

/** One entry of a story's history, as the editor lists it (without the text). */
export const revisionSummary = z.object({
  id: z.number(),
  created_at: z.string(),
  title: z.string(),
  word_count: z.number(),
  /** Kept by the editor's autosave (for a published story: changes not yet published). */
  autosave: z.boolean(),
})
export type RevisionSummary = z.infer<typeof revisionSummary>

/** One saved version with what it restores. */
export const revisionDetail = revisionSummary.extend({
  excerpt: z.string(),
  content: z.string(),
  featured_image: z.string().nullable(),
  featured_image_alt: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
})
export type RevisionDetail = z.infer<typeof revisionDetail>

export const revisionsInput = z.object({ id: id('Post id') })
export const revisionInput = z.object({ id: id('Post id'), revision_id: id('Revision id') })

/** What an autosave kept: the draft itself, or (a published or scheduled story) only a revision. */
export const autosaveOutput = z.object({
  id: z.number(),
  slug: z.string(),
  kept: z.enum(['post', 'revision']),
  /** The revision this autosave wrote: the editor sends it back with its next autosave, which may replace it. */
  revision_id: z.number(),
})
export type AutosaveOutput = z.infer<typeof autosaveOutput>
