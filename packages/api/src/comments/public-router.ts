import { publicProcedure } from '../trpc'
import { postCommentsInput, postCommentsOutput, submitCommentInput, submitCommentOutput } from './schema'
import { listPostComments, submitComment } from './service'

/** What visitors can do with comments: read approved ones and submit new ones for review. */
export const publicCommentProcedures = {
  forPost: publicProcedure
    .input(postCommentsInput)
    .output(postCommentsOutput)
    .query(({ ctx, input }) => listPostComments(ctx.deps, input)),
  // The answer is the same whether the comment was stored, filed as spam or dropped by the honeypot.
  submit: publicProcedure
    .input(submitCommentInput)
    .output(submitCommentOutput)
    .mutation(async ({ ctx, input }) => {
      await submitComment(ctx.deps, input, ctx.ip)
      return { received: true as const }
    }),
}
