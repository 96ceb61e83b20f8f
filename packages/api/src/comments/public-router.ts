import { publicProcedure } from '../trpc'
import { messages } from '../messages'
import { postCommentsInput, postCommentsOutput, submitCommentInput, submitCommentOutput } from './schema'
import { listPostComments, submitComment } from './service'

/** What visitors can do with comments: read approved ones and submit new ones for review. */
export const publicCommentProcedures = {
  forPost: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/comments/post/:postId',
        summary: "A story's approved comments",
        aliases: { postId: 'post_id', page: 'cursor' },
      },
    })
    .input(postCommentsInput)
    .output(postCommentsOutput)
    .query(({ ctx, input }) => listPostComments(ctx.deps, input)),
  // The answer is the same whether the comment was stored, filed as spam or dropped by the honeypot.
  submit: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/comments/submit',
        summary: 'Submit a comment for moderation',
        message: messages.comment.submitted,
      },
    })
    .input(submitCommentInput)
    .output(submitCommentOutput)
    .mutation(async ({ ctx, input }) => {
      await submitComment(ctx.deps, input, ctx.ip)
      return { received: true as const }
    }),
}
