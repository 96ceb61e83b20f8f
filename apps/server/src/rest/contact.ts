import { messages } from '@wayfarer/api'
import type { ContactListInput } from '@wayfarer/api/schemas'
import { numberParam, type RestRoute } from './route'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

export const contactRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/contact',
    handle: async (api, req) => ({
      data: await api.contact.submit({ name: text(req.body.name), email: text(req.body.email), subject: text(req.body.subject), message: text(req.body.message) }),
      message: messages.contact.sent,
    }),
  },
  // The owner's inbox (beyond SPEC.md §7: messages must be readable somewhere other than a mail server).
  {
    method: 'GET',
    url: '/api/contact/admin',
    handle: async (api, req) => ({
      data: await api.contact.list({
        page: numberParam(req.query.page),
        limit: numberParam(req.query.limit),
        // Any other value is refused with a 400 by the procedure's schema.
        status: req.query.status as ContactListInput['status'],
      }),
    }),
  },
  { method: 'GET', url: '/api/contact/admin/unread-count', handle: async (api) => ({ data: await api.contact.unreadCount() }) },
  {
    method: 'POST',
    url: '/api/contact/:id/read',
    handle: async (api, req) => ({
      data: await api.contact.markRead({ id: Number(req.params.id), read: typeof req.body.read === 'boolean' ? req.body.read : undefined }),
    }),
  },
  { method: 'DELETE', url: '/api/contact/:id', handle: async (api, req) => ({ data: await api.contact.delete({ id: Number(req.params.id) }) }) },
]
