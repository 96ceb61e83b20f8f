import { z } from 'zod'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { messages } from '../messages'
import {
  csvOutput,
  importSubscribersInput,
  importSubscribersOutput,
  mailSends,
  mailSettings,
  outboxFiles as outboxFilesOutput,
  postMailInput,
  postMailStatus as postMailStatusOutput,
  subscribeInput,
  subscribeOutput,
  subscriberIdInput,
  subscriberList,
  subscriberListInput,
} from './schema'
import { subscribe } from './service'
import {
  exportSubscribers,
  importSubscribers,
  listSends,
  listSubscribers,
  outboxFiles,
  postMailStatus,
  removeSubscriber,
  sendTest,
} from './admin'
import { getMailSettings, saveMailSettings } from './mail-settings'

export const newsletterRouter = router({
  // The same answer whether the address was new, pending, confirmed or dropped by the honeypot.
  subscribe: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletter/subscribe',
        summary: 'Follow the site (or one trip) by e-mail: sends a confirmation link',
        message: messages.newsletter.checkInbox,
      },
    })
    .input(subscribeInput)
    .output(subscribeOutput)
    .mutation(({ ctx, input }) => subscribe(ctx.deps, input, ctx.ip)),
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/newsletter/subscribers', summary: 'The followers, paged and searched' },
    })
    .input(subscriberListInput)
    .output(subscriberList)
    .query(({ ctx, input }) => listSubscribers(ctx.deps, input)),
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/newsletter/subscribers/:id', summary: 'Remove a follower' } })
    .input(subscriberIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => removeSubscriber(ctx.deps, input.id)),
  exportCsv: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletter/subscribers/export', summary: 'The followers as CSV' } })
    .output(csvOutput)
    .query(({ ctx }) => exportSubscribers(ctx.deps)),
  importCsv: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletter/subscribers/import',
        summary: 'Import followers from a Ghost, Substack or Mailchimp CSV',
      },
    })
    .input(importSubscribersInput)
    .output(importSubscribersOutput)
    .mutation(({ ctx, input }) => importSubscribers(ctx.deps, input.csv)),
  postStatus: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletter/posts/:post_id', summary: "What a story's mails did" } })
    .input(postMailInput)
    .output(postMailStatusOutput)
    .query(({ ctx, input }) => postMailStatus(ctx.deps, input.post_id)),
  sends: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/newsletter/sends', summary: 'The mailed stories and what their mails did' },
    })
    .output(mailSends)
    .query(({ ctx }) => listSends(ctx.deps)),
  sendTest: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/newsletter/posts/:post_id/test', summary: 'Mail a story to the owner first' },
    })
    .input(postMailInput)
    .output(subscribeOutput)
    .mutation(({ ctx, input }) => sendTest(ctx.deps, input.post_id, ctx.user.email)),
  outbox: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletter/outbox', summary: 'The mails written as files (no SMTP)' } })
    .output(outboxFilesOutput)
    .query(({ ctx }) => outboxFiles(ctx.deps)),
  settings: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/newsletter/settings', summary: 'What mails contain and who gets them' },
    })
    .output(mailSettings)
    .query(({ ctx }) => getMailSettings(ctx.deps.prisma)),
  saveSettings: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/newsletter/settings', summary: 'Save the mail settings' } })
    .input(mailSettings)
    .output(mailSettings)
    .mutation(({ ctx, input }) => saveMailSettings(ctx.deps.prisma, input)),
})
