import { z } from 'zod'
import { messages } from '../messages'
import { id, pageNumber, pageSize, text } from '../input-policy'
import { CONTACT_LIMITS } from '../limits'

export { CONTACT_LIMITS } from '../limits'

const required = messages.contact.required
const field = (max: number, label: string) =>
  text(label, { error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`)

export const contactInput = z.object({
  name: field(CONTACT_LIMITS.name, 'Name'),
  email: field(CONTACT_LIMITS.email, 'Email').pipe(z.email(messages.contact.invalidEmail)),
  subject: field(CONTACT_LIMITS.subject, 'Subject'),
  message: field(CONTACT_LIMITS.message, 'Message'),
})
export type ContactInput = z.infer<typeof contactInput>

export const contactMessage = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** When the owner marked it read; null while unread. */
  read_at: z.string().nullable(),
})
export type ContactMessage = z.infer<typeof contactMessage>

export const contactListInput = z
  .object({
    page: pageNumber(),
    limit: pageSize(100).default(20),
    status: z.enum(['all', 'unread', 'read']).default('all'),
  })
  .default({ page: 1, limit: 20, status: 'all' })
export type ContactListInput = z.infer<typeof contactListInput>

export const contactList = z.object({
  messages: z.array(contactMessage),
  /** Unread messages in the whole inbox, whatever the filter. */
  unread: z.number(),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
})
export type ContactList = z.infer<typeof contactList>

export const contactIdInput = z.object({ id: id('Message id') })
export const markReadInput = contactIdInput.extend({ read: z.boolean().default(true) })
