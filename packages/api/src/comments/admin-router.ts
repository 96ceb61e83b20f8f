import { adminProcedure } from '../trpc'
import {
  adminComment,
  adminCommentsInput,
  adminCommentsOutput,
  deleteCommentInput,
  deleteCommentOutput,
  moderateBulkInput,
  moderateBulkOutput,
  moderateCommentInput,
} from './schema'
import { deleteComment, listForModeration, moderateComment, moderateComments } from './moderation'

/** The owner's moderation queue. Every change records who made it and when. */
export const adminCommentProcedures = {
  adminList: adminProcedure
    .input(adminCommentsInput)
    .output(adminCommentsOutput)
    .query(({ ctx, input }) => listForModeration(ctx.deps, input)),
  moderate: adminProcedure
    .input(moderateCommentInput)
    .output(adminComment)
    .mutation(({ ctx, input }) => moderateComment(ctx.deps, ctx.user, input)),
  moderateBulk: adminProcedure
    .input(moderateBulkInput)
    .output(moderateBulkOutput)
    .mutation(async ({ ctx, input }) => ({ updated: await moderateComments(ctx.deps, ctx.user, input) })),
  delete: adminProcedure
    .input(deleteCommentInput)
    .output(deleteCommentOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteComment(ctx.deps, input.id)
      return { deleted: input.id }
    }),
}
