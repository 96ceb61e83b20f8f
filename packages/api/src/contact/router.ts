import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { messages } from '../messages'
import { contactIdInput, contactInput, contactList, contactListInput, contactMessage, markReadInput } from './schema'
import { deleteMessage, listMessages, markRead, submitContact, unreadCount } from './service'

export const contactRouter = router({
  submit: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/contact', summary: 'Write to the owners', message: messages.contact.sent },
    })
    .input(contactInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => submitContact(ctx.deps, input, ctx.ip)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/contact/admin', summary: "The owner's inbox, paged" } })
    .input(contactListInput)
    .output(contactList)
    .query(({ ctx, input }) => listMessages(ctx.deps, input)),
  unreadCount: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/contact/admin/unread-count', summary: 'How many messages are unread' } })
    .output(z.object({ unread: z.number() }))
    .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.deps) })),
  markRead: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/contact/:id/read', summary: 'Mark a message read or unread' } })
    .input(markReadInput)
    .output(contactMessage)
    .mutation(({ ctx, input }) => markRead(ctx.deps, input.id, input.read)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/contact/:id', summary: 'Delete a message' } })
    .input(contactIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => deleteMessage(ctx.deps, input.id)),
})
