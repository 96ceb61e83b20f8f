import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Button, LoadError, Pagination, Skeleton } from '@wayfarer/ui'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useViewInUrl } from '../../../lib/url-view'
import { trpc } from '../../../lib/trpc'
import { inboxQuery, messageStatuses, type MessagesView } from './queries'
import { MessageCard } from './message-card'
import { useToast } from '../shell/toast-host'
import { useAdminTitle } from '../../../lib/page-meta'

const filterLabel = (status: MessagesView['status']) => status.charAt(0).toUpperCase() + status.slice(1)

const route = getRouteApi('/admin/messages')

/** The owner's inbox of contact messages: nothing a visitor sends is lost in a mailbox. */
export function MessagesScreen() {
  useAdminTitle('Messages')
  const [view, onViewChange] = useViewInUrl(route)
  const queryClient = useQueryClient()
  const list = useQuery(inboxQuery(view))
  const [failure, setFailure] = useState<string | null>(null)
  // The list and the unread count both change.
  const refresh = () => queryClient.invalidateQueries(trpc.contact.pathFilter())
  const markRead = useMutation(
    trpc.contact.markRead.mutationOptions({
      onSuccess: refresh,
      onError: () => setFailure('Failed to update message'),
    }),
  )
  const toast = useToast()
  const remove = useMutation(
    trpc.contact.delete.mutationOptions({
      onSuccess: async () => {
        toast({ text: 'Message deleted' })
        await refresh()
      },
      onError: () => setFailure('Failed to delete message'),
    }),
  )
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
        <div
          role="alert"
          className="flex justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          <span>{failure}</span>
          <button type="button" className="font-medium hover:underline" onClick={() => setFailure(null)}>
            Dismiss
          </button>
        </div>
      )}

      <div className="flex gap-2" role="group" aria-label="Filter messages">
        {messageStatuses.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={view.status === status ? 'primary' : 'secondary'}
            aria-pressed={view.status === status}
            onClick={() => onViewChange({ status, page: 1 })}
          >
            {filterLabel(status)}
          </Button>
        ))}
      </div>

      {list.isPending ? (
        <div className="space-y-4">
          <Skeleton count={3} className="h-32 w-full rounded-xl" />
        </div>
      ) : list.isError ? (
        <LoadError
          message="Failed to load messages"
          onRetry={() => void list.refetch()}
          className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-700"
        />
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
              onDelete={() => remove.mutate({ id: m.id })}
            />
          ))}
        </div>
      )}

      <Pagination page={view.page} pages={pages} onPage={(page) => onViewChange({ ...view, page })} />
    </div>
  )
}
