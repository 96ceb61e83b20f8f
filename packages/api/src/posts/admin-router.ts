import { z } from 'zod'
import { id } from '../input-policy'
import { adminProcedure } from '../trpc'
import { aiGenerateInput, aiGenerateOutput } from '../ai/schema'
import {
  adminPost,
  adminPostsInput,
  adminPostsOutput,
  autosavePostInput,
  createPostInput,
  postIdInput,
  updatePostInput,
} from './admin-schema'
import { deletePost, getAdminPost, listAdminPosts } from './admin-service'
import { autosavePost, createPost, updatePost } from './admin-save'
import { autosaveOutput, revisionDetail, revisionInput, revisionsInput, revisionSummary } from './revision-schema'
import { getRevision, listRevisions, restoreInput } from './revisions'
import { generateForPost, uploadPostImage } from './admin-media'
import { photoPlaceSuggestion } from '../places/schema'

const savedPost = z.object({ id: z.number(), slug: z.string() })

/** Procedures the signed-in owner uses to write posts (issue: authoring). */
export const adminPostProcedures = {
  adminList: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/posts/admin',
        summary: 'Every story for the owner, paged',
        data: 'posts',
        pagination: 'pagination',
      },
    })
    .input(adminPostsInput)
    .output(adminPostsOutput)
    .query(({ ctx, input }) => listAdminPosts(ctx.deps, input)),
  adminById: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/admin/:id', summary: 'One story for editing' } })
    .input(postIdInput)
    .output(adminPost)
    .query(({ ctx, input }) => getAdminPost(ctx.deps, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/posts', summary: 'Create a story' } })
    .input(createPostInput)
    .output(savedPost)
    .mutation(({ ctx, input }) => createPost(ctx.deps, ctx.user.id, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/posts/:id', summary: 'Save a story' } })
    .input(updatePostInput)
    .output(savedPost)
    .mutation(({ ctx, input }) => updatePost(ctx.deps, input)),
  autosave: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/posts/:id/autosave',
        summary: "Autosave a story: a draft is saved, a published or scheduled story's changes are kept as a revision",
      },
    })
    .input(autosavePostInput)
    .output(autosaveOutput)
    .mutation(({ ctx, input }) => autosavePost(ctx.deps, input)),
  revisions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/admin/:id/revisions', summary: "A story's saved versions" } })
    .input(revisionsInput)
    .output(z.array(revisionSummary))
    .query(({ ctx, input }) => listRevisions(ctx.deps, input.id)),
  revision: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/posts/admin/:id/revisions/:revision_id', summary: 'One saved version' },
    })
    .input(revisionInput)
    .output(revisionDetail)
    .query(({ ctx, input }) => getRevision(ctx.deps, input.id, input.revision_id)),
  restoreRevision: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/posts/:id/revisions/:revision_id/restore',
        summary: 'Save a story with the text of an earlier version',
      },
    })
    .input(revisionInput)
    .output(savedPost)
    .mutation(async ({ ctx, input }) =>
      updatePost(ctx.deps, await restoreInput(ctx.deps, input.id, input.revision_id)),
    ),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/posts/:id', summary: 'Delete a story' } })
    .input(postIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deletePost(ctx.deps, input.id)),
  /** Binary input: reachable through the REST multipart route (server-side caller), not over tRPC HTTP. */
  uploadImage: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/posts/:id/upload',
        summary: "Upload a story's featured image",
        upload: { field: 'image', input: 'image' },
      },
    })
    .input(postIdInput.extend({ image: z.instanceof(Uint8Array).optional() }))
    .output(
      z.object({
        url: z.string(),
        width: z.number(),
        height: z.number(),
        place_suggestion: photoPlaceSuggestion.nullable(),
      }),
    )
    .mutation(({ ctx, input }) => uploadPostImage(ctx.deps, input.id, input.image)),
  aiGenerate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/posts/:id/ai/generate', summary: 'AI text for a story' } })
    .input(aiGenerateInput.extend({ id: id('Post id') }))
    .output(aiGenerateOutput)
    .mutation(({ ctx, input }) => generateForPost(ctx.deps, input.id, input)),
}
