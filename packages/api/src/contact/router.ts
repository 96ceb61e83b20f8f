import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { contactIdInput, contactInput, contactList, contactListInput, contactMessage, markReadInput } from './schema'
import { deleteMessage, listMessages, markRead, submitContact, unreadCount } from './service'

export const contactRouter = router({
  submit: publicProcedure
    .input(contactInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => submitContact(ctx.deps, input, ctx.ip)),
  list: adminProcedure
    .input(contactListInput)
    .output(contactList)
    .query(({ ctx, input }) => listMessages(ctx.deps, input)),
  unreadCount: adminProcedure.output(z.object({ unread: z.number() })).query(async ({ ctx }) => ({ unread: await unreadCount(ctx.deps) })),
  markRead: adminProcedure
    .input(markReadInput)
    .output(contactMessage)
    .mutation(({ ctx, input }) => markRead(ctx.deps, input.id, input.read)),
  delete: adminProcedure
    .input(contactIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deleteMessage(ctx.deps, input.id)),
})
