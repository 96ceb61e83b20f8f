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
    .meta({ rest: { method: 'GET', path: '/api/comments/admin', summary: 'Comments to moderate, paged' } })
    .input(adminCommentsInput)
    .output(adminCommentsOutput)
    .query(({ ctx, input }) => listForModeration(ctx.deps, input)),
  moderate: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/comments/moderate', summary: 'Approve, reject or mark a comment as spam' },
    })
    .input(moderateCommentInput)
    .output(adminComment)
    .mutation(({ ctx, input }) => moderateComment(ctx.deps, ctx.user, input)),
  moderateBulk: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/comments/moderate/bulk', summary: 'Moderate several comments at once' },
    })
    .input(moderateBulkInput)
    .output(moderateBulkOutput)
    .mutation(async ({ ctx, input }) => ({ updated: await moderateComments(ctx.deps, ctx.user, input) })),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/comments/:id', summary: 'Delete a comment' } })
    .input(deleteCommentInput)
    .output(deleteCommentOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteComment(ctx.deps, input.id)
      return { deleted: input.id }
    }),
}
