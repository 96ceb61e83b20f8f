import { useState } from 'react'
import { Button, Skeleton } from '@wayfarer/ui'
import type { ContactListInput } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { MessageCard } from './message-card'

export type MessagesView = Required<Pick<NonNullable<ContactListInput>, 'status' | 'page'>>

export const MESSAGES_PAGE_SIZE = 20
export const messageFilters: { value: MessagesView['status']; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
]

/** The owner's inbox of contact messages: nothing a visitor sends is lost in a mailbox. */
export function MessagesScreen({ view, onViewChange }: { view: MessagesView; onViewChange: (view: MessagesView) => void }) {
  const utils = trpc.useUtils()
  const list = trpc.contact.list.useQuery({ status: view.status, page: view.page, limit: MESSAGES_PAGE_SIZE })
  const [failure, setFailure] = useState<string | null>(null)
  const refresh = () => Promise.all([utils.contact.list.invalidate(), utils.contact.unreadCount.invalidate()])
  const markRead = trpc.contact.markRead.useMutation({ onSuccess: refresh, onError: () => setFailure('Failed to update message') })
  const remove = trpc.contact.delete.useMutation({ onSuccess: refresh, onError: () => setFailure('Failed to delete message') })
  const busyId = markRead.isPending ? markRead.variables?.id : remove.isPending ? remove.variables?.id : undefined
  const pages = list.data?.pagination.pages ?? 1

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">Messages</h2>
        <p className="mt-1 text-gray-600">
          What visitors sent through the contact form
          {list.data ? ` — ${list.data.unread} unread` : ''}.
        </p>
      </div>

      {failure && (
        <div role="alert" className="flex justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          <span>{failure}</span>
          <button type="button" className="font-medium hover:underline" onClick={() => setFailure(null)}>
            Dismiss
          </button>
        </div>
      )}

      <div className="flex gap-2" role="group" aria-label="Filter messages">
        {messageFilters.map((f) => (
          <Button key={f.value} size="sm" variant={view.status === f.value ? 'primary' : 'secondary'} aria-pressed={view.status === f.value} onClick={() => onViewChange({ status: f.value, page: 1 })}>
            {f.label}
          </Button>
        ))}
      </div>

      {list.isPending ? (
        <div className="space-y-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-700">
          <p>Failed to load messages</p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.messages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-gray-500">
          {view.status === 'all' ? 'No messages yet' : `No ${view.status} messages`}
        </p>
      ) : (
        <div className="space-y-4">
          {list.data.messages.map((m) => (
            <MessageCard
              key={m.id}
              message={m}
              busy={busyId === m.id}
              onMarkRead={(read) => markRead.mutate({ id: m.id, read })}
              onDelete={() => {
                if (window.confirm('Delete this message? This cannot be undone.')) remove.mutate({ id: m.id })
              }}
            />
          ))}
        </div>
      )}

      {pages > 1 && (
        <div className="flex items-center justify-between">
          <Button variant="secondary" size="sm" disabled={view.page <= 1} onClick={() => onViewChange({ ...view, page: view.page - 1 })}>
            Previous
          </Button>
          <span className="text-sm text-gray-600">
            Page {view.page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={view.page >= pages} onClick={() => onViewChange({ ...view, page: view.page + 1 })}>
            Next
          </Button>
        </div>
      )}
    </div>
  )
}
