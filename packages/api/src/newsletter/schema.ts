import { z } from 'zod'
import { id, pageNumber, pageSize, text } from '../input-policy'
import { HONEYPOT_FIELD } from '../limits'
import { messages } from '../messages'
import { subscriberStatuses } from '../statuses'

export { subscriberStatuses, subscriberStatusFilters } from '../statuses'
export type SubscriberStatus = (typeof subscriberStatuses)[number]

const email = text('Email', { error: messages.newsletter.invalidEmail })
  .trim()
  .max(254, messages.newsletter.invalidEmail)
  .pipe(z.email(messages.newsletter.invalidEmail))
  .transform((v) => v.toLowerCase())

export const subscribeInput = z.object({
  email,
  name: text('Name').trim().max(100, 'Name must be at most 100 characters').optional(),
  /** Follow only this trip's stories; absent: every story. */
  trip_id: id('Trip id').optional(),
  /** The honeypot field people never see: a filled one is answered like success and stored nowhere. */
  [HONEYPOT_FIELD]: text('Website').max(2000).nullish(),
})
export type SubscribeInput = z.infer<typeof subscribeInput>

export const subscribeOutput = z.object({ message: z.string() })

export const subscriber = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.enum(subscriberStatuses),
  trip: z.object({ id: z.number(), title: z.string() }).nullable(),
  source: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
})
export type Subscriber = z.infer<typeof subscriber>

export const subscriberListInput = z
  .object({
    page: pageNumber(),
    limit: pageSize(100).default(25),
    status: z.enum(['all', ...subscriberStatuses]).default('all'),
    search: text('Search').trim().max(200).default(''),
  })
  .default({ page: 1, limit: 25, status: 'all', search: '' })
export type SubscriberListInput = z.infer<typeof subscriberListInput>

export const subscriberList = z.object({
  subscribers: z.array(subscriber),
  counts: z.record(z.enum(subscriberStatuses), z.number()),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
})
export type SubscriberList = z.infer<typeof subscriberList>

export const subscriberIdInput = z.object({ id: id('Subscriber id') })

/** A CSV file's text (Ghost, Substack, Mailchimp or Wayfarer's own export). */
export const importSubscribersInput = z.object({
  csv: text('CSV').max(5_000_000, 'The file is too large (5 MB at most)'),
})
export const importSubscribersOutput = z.object({ added: z.number(), confirmed: z.number(), skipped: z.number() })

export const csvOutput = z.object({ filename: z.string(), csv: z.string() })

export const postMailInput = z.object({ post_id: id('Post id') })
export const postMailStatus = z.object({
  pending: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
  last_error: z.string().nullable(),
})
export type PostMailStatus = z.infer<typeof postMailStatus>

/** The stories that were mailed, newest first, each with what its mails did. */
export const mailSends = z.object({
  sends: z.array(
    postMailStatus.extend({
      post_id: z.number(),
      title: z.string(),
      slug: z.string(),
      mailed_at: z.string(),
    }),
  ),
})
export type MailSends = z.infer<typeof mailSends>

export const outboxFiles = z.object({
  /** False when mail goes out through SMTP_URL: there are no files to list. */
  writesFiles: z.boolean(),
  files: z.array(z.object({ name: z.string(), size: z.number(), modified_at: z.string() })),
})

export const mailSettings = z.object({
  /** Mail the whole story instead of its excerpt and a link. */
  wholeStory: z.boolean(),
  /** E-mail the owner a copy of each new contact message. */
  notifyContact: z.boolean(),
})
export type MailSettings = z.infer<typeof mailSettings>
