import { statusPageParams, type z } from '../../../lib/search-params'
import { trpc } from '../../../lib/trpc'

export const MESSAGES_PAGE_SIZE = 20

/** The inbox's filters, in the order of its buttons. */
export const messageStatuses = ['all', 'unread', 'read'] as const
/** What the inbox shows; kept in the URL (/admin/messages?status=unread&page=2). */
export const messagesView = statusPageParams(messageStatuses)
export type MessagesView = z.output<typeof messagesView>

export const inboxQuery = (view: MessagesView) =>
  trpc.contact.list.queryOptions({ status: view.status, page: view.page, limit: MESSAGES_PAGE_SIZE })

/** The dashboard tile's count of messages waiting to be read. */
export const unreadMessagesQuery = () => trpc.contact.unreadCount.queryOptions(undefined, { staleTime: 30_000 })
