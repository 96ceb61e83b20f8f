import { z } from 'zod'
import { id } from '../input-policy'
import { adminProcedure } from '../trpc'
import { aiGenerateInput, aiGenerateOutput } from '../ai/schema'
import { adminPost, adminPostsInput, adminPostsOutput, createPostInput, postIdInput, updatePostInput } from './admin-schema'
import { deletePost, getAdminPost, listAdminPosts } from './admin-service'
import { createPost, updatePost } from './admin-save'
import { generateForPost, uploadPostImage } from './admin-media'
import { photoPlaceSuggestion } from '../places/schema'

const savedPost = z.object({ id: z.number(), slug: z.string() })

/** Procedures the signed-in owner uses to write posts (issue: authoring). */
export const adminPostProcedures = {
  adminList: adminProcedure.input(adminPostsInput).output(adminPostsOutput).query(({ ctx, input }) => listAdminPosts(ctx.deps, input)),
  adminById: adminProcedure.input(postIdInput).output(adminPost).query(({ ctx, input }) => getAdminPost(ctx.deps, input.id)),
  create: adminProcedure.input(createPostInput).output(savedPost).mutation(({ ctx, input }) => createPost(ctx.deps, ctx.user.id, input)),
  update: adminProcedure.input(updatePostInput).output(savedPost).mutation(({ ctx, input }) => updatePost(ctx.deps, input)),
  delete: adminProcedure.input(postIdInput).output(z.object({ id: z.number() })).mutation(({ ctx, input }) => deletePost(ctx.deps, input.id)),
  /** Binary input: reachable through the REST multipart route (server-side caller), not over tRPC HTTP. */
  uploadImage: adminProcedure
    .input(postIdInput.extend({ image: z.instanceof(Uint8Array).optional() }))
    .output(z.object({ url: z.string(), width: z.number(), height: z.number(), place_suggestion: photoPlaceSuggestion.nullable() }))
    .mutation(({ ctx, input }) => uploadPostImage(ctx.deps, input.id, input.image)),
  aiGenerate: adminProcedure
    .input(aiGenerateInput.extend({ id: id('Post id') }))
    .output(aiGenerateOutput)
    .mutation(({ ctx, input }) => generateForPost(ctx.deps, input.id, input)),
}
