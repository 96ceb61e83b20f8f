import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Button, Pagination, QueryView, Skeleton } from '@wayfarer/ui'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useViewInUrl } from '../../../lib/url-view'
import { trpc } from '../../../lib/trpc'
import { inboxQuery, messageStatuses, type MessagesView } from './queries'
import { MessageCard } from './message-card'
import { useToast } from '../shell/toast-host'
import { FailureNotice } from '../shell/failure-notice'
import { useAdminTitle } from '../../../lib/page-meta'

const filterLabel = (status: MessagesView['status']) => status.charAt(0).toUpperCase() + status.slice(1)

const route = getRouteApi('/admin/messages')

/** The owner's inbox of contact messages: nothing a visitor sends is lost in a mailbox. */
export function MessagesScreen() {
  useAdminTitle('Messages')
  const [view, onViewChange] = useViewInUrl(route)
  const list = useQuery(inboxQuery(view))
  const actions = useMessageActions()
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">Messages</h2>
        <p className="mt-1 text-gray-600">
          What visitors sent through the contact form
          {list.data ? ` — ${list.data.unread} unread` : ''}.
        </p>
      </div>
      <FailureNotice text={actions.failure} onDismiss={actions.dismissFailure} />
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
      <QueryView
        query={list}
        loading={<Skeleton layout="space-y-4" count={3} className="h-32 w-full rounded-xl" />}
        failed="Failed to load messages"
        failedClassName="rounded-lg border border-red-200 bg-red-50 p-6 text-red-700"
        isEmpty={(inbox) => inbox.messages.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-gray-500">
            {view.status === 'all' ? 'No messages yet' : `No ${view.status} messages`}
          </p>
        }
      >
        {(inbox) => (
          <div className="space-y-4">
            {inbox.messages.map((m) => (
              <MessageCard
                key={m.id}
                message={m}
                busy={actions.busyId === m.id}
                onMarkRead={(read) => actions.markRead({ id: m.id, read })}
                onDelete={() => actions.remove({ id: m.id })}
              />
            ))}
          </div>
        )}
      </QueryView>
      <Pagination
        page={view.page}
        pages={list.data?.pagination.pages ?? 1}
        onPage={(page) => onViewChange({ ...view, page })}
      />
    </div>
  )
}

/** Marking read or unread and deleting: the list and the unread count follow, a failure is said until dismissed. */
function useMessageActions() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [failure, setFailure] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries(trpc.contact.pathFilter())
  const markRead = useMutation(
    trpc.contact.markRead.mutationOptions({
      onSuccess: refresh,
      onError: () => setFailure('Failed to update message'),
    }),
  )
  const remove = useMutation(
    trpc.contact.delete.mutationOptions({
      onSuccess: async () => {
        toast({ text: 'Message deleted' })
        await refresh()
      },
      onError: () => setFailure('Failed to delete message'),
    }),
  )
  return {
    markRead: markRead.mutate,
    remove: remove.mutate,
    /** The message a call is under way for. */
    busyId: markRead.isPending ? markRead.variables?.id : remove.isPending ? remove.variables?.id : undefined,
    failure,
    dismissFailure: () => setFailure(null),
  }
}
