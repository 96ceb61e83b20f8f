import { useEffect, useRef, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Button, Card, Pagination, QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import {
  commentStatusFilters,
  type AdminComment,
  type CommentCounts,
  type CommentStatusFilter,
  type ModerationAction,
} from '@wayfarer/api/schemas'
import { useViewInUrl } from '../../../lib/url-view'
import { moderationQueueQuery } from './queries'
import { CommentRow } from './comment-row'
import { useFocusKeptInQueue } from './keep-focus'
import { useModeration } from './use-moderation'
import { useAdminTitle } from '../../../lib/page-meta'
import { FailureNotice } from '../shell/failure-notice'
import { adminNumber } from '../../../lib/numbers'

const tiles: { key: keyof CommentCounts; label: string; tone: string }[] = [
  { key: 'pending', label: 'Pending', tone: 'text-yellow-700' },
  { key: 'approved', label: 'Approved', tone: 'text-green-700' },
  { key: 'denied', label: 'Denied', tone: 'text-gray-700' },
  { key: 'spam', label: 'Spam', tone: 'text-red-700' },
  { key: 'total', label: 'Total', tone: 'text-gray-900' },
]

const bulkActions: { action: ModerationAction; label: string }[] = [
  { action: 'approve', label: 'Approve' },
  { action: 'deny', label: 'Deny' },
  { action: 'spam', label: 'Spam' },
]

const route = getRouteApi('/admin/comments')

/** The moderation queue: count tiles, status filter, bulk actions, the comments in pages of 20. */
export function CommentsScreen() {
  useAdminTitle('Comments')
  const [view, onViewChange] = useViewInUrl(route)
  const list = useQuery(moderationQueueQuery(view))
  const moderation = useModeration()
  const selection = useSelection(`${view.status}:${view.page}`)
  // The failure also goes to the console, with the error the screen does not show.
  useEffect(() => {
    if (list.error) console.error('Failed to load comments', list.error)
  }, [list.error])

  const bulk = (action: ModerationAction) => {
    moderation.moderateMany([...selection.selected], action)
    selection.clear()
  }
  const remove = (id: number) => {
    selection.toggle(id, false)
    moderation.remove(id)
  }
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">Comments</h2>
        <p className="mt-1 text-gray-600">Review what visitors wrote before it appears on your posts.</p>
      </div>
      <FailureNotice text={moderation.failure} onDismiss={moderation.dismissFailure} />
      <CountTiles counts={list.data?.counts} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <label className="flex items-center gap-2 text-sm text-gray-700">
          Status
          <select
            className="rounded-lg border border-gray-300 bg-white px-3 py-2"
            value={view.status}
            onChange={(e) => onViewChange({ status: e.target.value as CommentStatusFilter, page: 1 })}
          >
            {commentStatusFilters.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All' : s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <BulkActions selected={selection.selected.size} onBulk={bulk} />
      </div>
      <Card>
        <QueryView
          query={list}
          loading={<Skeleton layout="space-y-4 p-4" count={5} className="h-20 w-full" />}
          failed="The comments could not be loaded."
          failedClassName="p-8 text-gray-600"
          isEmpty={(queue) => queue.comments.length === 0}
          empty={
            <p className="p-8 text-center text-gray-600">
              {view.status === 'all'
                ? messages.moderation.noComments
                : messages.moderation.noStatusComments(view.status)}
            </p>
          }
        >
          {(queue) => (
            <CommentQueue
              comments={queue.comments}
              selection={selection}
              onModerate={moderation.moderate}
              onDelete={remove}
            />
          )}
        </QueryView>
      </Card>
      <Pagination
        page={view.page}
        pages={list.data?.pagination.totalPages ?? 1}
        onPage={(page) => onViewChange({ ...view, page })}
      />
    </div>
  )
}

/** The comments ticked for a bulk action; cleared whenever the view (filter, page) changes. */
function useSelection(viewKey: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  useEffect(() => setSelected(new Set()), [viewKey])
  return {
    selected,
    clear: () => setSelected(new Set()),
    setAll: (ids: number[]) => setSelected(new Set(ids)),
    toggle: (id: number, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
  }
}

function CountTiles({ counts }: { counts: CommentCounts | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
      {tiles.map((tile) => (
        <Card key={tile.key} className="p-4">
          <p className="text-sm text-gray-500">{tile.label}</p>
          <p className={`mt-1 text-2xl font-bold ${tile.tone}`} data-testid={`count-${tile.key}`}>
            {counts ? adminNumber(counts[tile.key]) : '–'}
          </p>
        </Card>
      ))}
    </div>
  )
}

function BulkActions({ selected, onBulk }: { selected: number; onBulk: (action: ModerationAction) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
      <span className="text-sm text-gray-600">{selected} selected</span>
      {bulkActions.map(({ action, label }) => (
        <Button key={action} size="sm" variant="secondary" disabled={selected === 0} onClick={() => onBulk(action)}>
          {label} selected
        </Button>
      ))}
    </div>
  )
}

/** One page of the queue, with "Select all on this page". */
function CommentQueue({
  comments,
  selection,
  onModerate,
  onDelete,
}: {
  comments: AdminComment[]
  selection: ReturnType<typeof useSelection>
  onModerate: (id: number, action: ModerationAction) => void
  onDelete: (id: number) => void
}) {
  const allSelected = comments.length > 0 && comments.every((c) => selection.selected.has(c.id))
  const list = useRef<HTMLUListElement>(null)
  const keepFocus = useFocusKeptInQueue(list, comments)
  return (
    <>
      <label className="flex items-center gap-3 border-b border-gray-200 px-4 py-3 text-sm text-gray-600">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={allSelected}
          onChange={(e) => (e.target.checked ? selection.setAll(comments.map((c) => c.id)) : selection.clear())}
        />
        Select all on this page
      </label>
      <ul ref={list} className="divide-y divide-gray-200" {...keepFocus}>
        {comments.map((comment) => (
          <CommentRow
            key={comment.id}
            comment={comment}
            selected={selection.selected.has(comment.id)}
            onSelect={(on) => selection.toggle(comment.id, on)}
            onModerate={(action) => onModerate(comment.id, action)}
            onDelete={() => onDelete(comment.id)}
          />
        ))}
      </ul>
    </>
  )
}
