import { z } from 'zod'
import { text } from '../input-policy'
import { adminProcedure } from '../trpc'
import { postIdInput } from './admin-schema'
import { publicPost } from './public-schema'
import { createPreviewLink, readPreview, readPreviewPlace } from './preview-service'
import { storyPlace, storyRoute } from '../places/schema'

const previewToken = text('Preview token').trim().min(1, 'Preview token required').max(200)

/**
 * Draft preview (docs/product.md, "Story page"): "View" on a draft opens /blog/{slug}?preview=<token>. Both procedures are the
 * owner's: a link alone shows nothing to anyone else, and no public read cache ever sees these answers.
 */
export const previewPostProcedures = {
  previewLink: adminProcedure
    .input(postIdInput)
    .output(z.object({ token: z.string(), url: z.string(), expires_at: z.string() }))
    .mutation(({ ctx, input }) => createPreviewLink(ctx.deps, input.id)),
  preview: adminProcedure
    .input(z.object({ token: previewToken }))
    .output(publicPost)
    .query(({ ctx, input }) => readPreview(ctx.deps, input.token)),
  /** The previewed post's place and route, which the public places reads refuse for a post visitors cannot see. */
  previewPlace: adminProcedure
    .input(z.object({ token: previewToken }))
    .output(z.object({ place: storyPlace, route: storyRoute.nullable() }))
    .query(({ ctx, input }) => readPreviewPlace(ctx.deps, input.token)),
}
