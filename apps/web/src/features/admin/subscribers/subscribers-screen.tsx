import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { subscriberStatusFilters, type Subscriber } from '@wayfarer/api/schemas'
import { Badge, Card, ConfirmButton, Pagination, QueryView, Skeleton } from '@wayfarer/ui'
import { useViewInUrl } from '../../../lib/url-view'
import { useAdminTitle } from '../../../lib/page-meta'
import { formatDate } from '../../../lib/dates'
import { trpc } from '../../../lib/trpc'
import { FailureNotice } from '../shell/failure-notice'
import { useToast } from '../shell/toast-host'
import { ListFilters } from '../shell/list-filters'
import { subscribersQuery, type SubscribersView } from './queries'
import { SubscriberTools } from './subscriber-tools'

const route = getRouteApi('/admin/subscribers')
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** Admin → Subscribers: the followers by e-mail, searched and filtered in the URL, with export, import and the outbox. */
export function SubscribersScreen() {
  useAdminTitle('Subscribers')
  const [view, onViewChange] = useViewInUrl(route)
  const list = useQuery(subscribersQuery(view))
  const remove = useRemove()
  const counts = list.data?.counts
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">Subscribers</h2>
        <p className="mt-1 text-gray-600">
          People who follow the site by e-mail{counts ? ` — ${counts.confirmed} confirmed` : ''}. Only confirmed
          addresses get mail.
        </p>
      </div>
      <FailureNotice text={remove.failure} onDismiss={remove.dismiss} />
      <Filters view={view} onViewChange={onViewChange} />
      <QueryView
        query={list}
        loading={<Skeleton layout="space-y-2" count={4} className="h-12 w-full rounded-lg" />}
        failed="Failed to load subscribers"
        failedClassName="rounded-lg border border-red-200 bg-red-50 p-6 text-red-700"
        isEmpty={(data) => data.subscribers.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-10 text-center text-gray-600">
            {view.search || view.status !== 'all' ? 'No subscribers match' : 'No subscribers yet'}
          </p>
        }
      >
        {(data) => <SubscriberTable rows={data.subscribers} onRemove={remove.run} busyId={remove.busyId} />}
      </QueryView>
      <Pagination
        page={view.page}
        pages={list.data?.pagination.pages ?? 1}
        onPage={(page) => onViewChange({ ...view, page })}
      />
      <SubscriberTools />
    </div>
  )
}

function Filters({ view, onViewChange }: { view: SubscribersView; onViewChange: (view: SubscribersView) => void }) {
  return (
    <ListFilters
      search={view.search}
      searchLabel="Search subscribers"
      searchPlaceholder="Search by e-mail or name..."
      onSearch={(search) => onViewChange({ ...view, search, page: 1 })}
      status={view.status}
      statusOptions={subscriberStatusFilters.map((s) => ({ value: s, label: s === 'all' ? 'All statuses' : label(s) }))}
      onStatus={(value) => {
        const status = subscriberStatusFilters.find((s) => s === value) ?? 'all'
        onViewChange({ ...view, status, page: 1 })
      }}
    />
  )
}

function SubscriberTable(props: { rows: Subscriber[]; onRemove: (id: number) => void; busyId: number | undefined }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Subscribers</caption>
        <thead className="border-b border-gray-200 text-gray-600">
          <tr>
            <th className="px-4 py-3 font-medium">E-mail</th>
            <th className="px-4 py-3 font-medium">Status</th>
            {/* On a phone the row keeps what a decision needs: who, their status, and Remove. */}
            <th className="hidden px-4 py-3 font-medium sm:table-cell">Follows</th>
            <th className="hidden px-4 py-3 font-medium sm:table-cell">Since</th>
            <th className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((s) => (
            <tr key={s.id} className="border-b border-gray-100 last:border-0">
              <td className="px-4 py-3">
                <div className="font-medium break-all text-gray-900">{s.email}</div>
                {s.name && <div className="text-gray-600">{s.name}</div>}
              </td>
              <td className="px-4 py-3">
                <Badge className="bg-gray-100 text-gray-800">{label(s.status)}</Badge>
              </td>
              <td className="hidden px-4 py-3 text-gray-700 sm:table-cell">{s.trip ? s.trip.title : 'Every story'}</td>
              <td className="hidden px-4 py-3 text-gray-700 sm:table-cell">{formatDate(s.created_at)}</td>
              <td className="px-4 py-3 text-right">
                <ConfirmButton
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${s.email}`}
                  confirm={`Remove ${s.email}? They will get no more mail.`}
                  disabled={props.busyId === s.id}
                  onConfirm={() => props.onRemove(s.id)}
                >
                  Remove
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function useRemove() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [failure, setFailure] = useState<string | null>(null)
  const remove = useMutation(
    trpc.newsletter.remove.mutationOptions({
      onSuccess: async () => {
        toast({ text: 'Subscriber removed' })
        await queryClient.invalidateQueries(trpc.newsletter.pathFilter())
      },
      onError: () => setFailure('Failed to remove the subscriber'),
    }),
  )
  return {
    run: (id: number) => remove.mutate({ id }),
    busyId: remove.isPending ? remove.variables?.id : undefined,
    failure,
    dismiss: () => setFailure(null),
  }
}
