import { useEffect, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Button, Card, Pagination, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import {
  commentStatusFilters,
  type CommentCounts,
  type CommentStatusFilter,
  type ModerationAction,
} from '@wayfarer/api/schemas'
import { useViewInUrl } from '../../../lib/url-view'
import { moderationQueueQuery } from './queries'
import { CommentRow } from './comment-row'
import { useModeration } from './use-moderation'
import { useAdminTitle } from '../../../lib/page-meta'
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

/** SPEC §2 Admin comments: count tiles, status filter, bulk actions, the queue in pages of 20. */
export function CommentsScreen() {
  useAdminTitle('Comments')
  const [view, onViewChange] = useViewInUrl(route)
  const list = useQuery(moderationQueueQuery(view))
  const moderation = useModeration()
  const [selected, setSelected] = useState<Set<number>>(new Set())
  useEffect(() => setSelected(new Set()), [view.status, view.page])
  // SPEC §7: the admin only logs list failures; the screen still offers a way to try again.
  useEffect(() => {
    if (list.error) console.error('Failed to load comments', list.error)
  }, [list.error])

  const comments = list.data?.comments ?? []
  const totalPages = list.data?.pagination.totalPages ?? 1
  const allSelected = comments.length > 0 && comments.every((c) => selected.has(c.id))

  function bulk(action: ModerationAction) {
    moderation.moderateMany([...selected], action)
    setSelected(new Set())
  }

  function remove(id: number) {
    setSelected((s) => new Set([...s].filter((x) => x !== id)))
    moderation.remove(id)
  }

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">Comments</h2>
        <p className="mt-1 text-gray-600">Review what visitors wrote before it appears on your posts.</p>
      </div>

      {moderation.failure && (
        <div
          role="alert"
          className="flex items-start justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
        >
          <span>{moderation.failure}</span>
          <button type="button" className="font-medium hover:underline" onClick={moderation.dismissFailure}>
            Dismiss
          </button>
        </div>
      )}

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {tiles.map((tile) => (
          <Card key={tile.key} className="p-4">
            <p className="text-sm text-gray-500">{tile.label}</p>
            <p className={`mt-1 text-2xl font-bold ${tile.tone}`} data-testid={`count-${tile.key}`}>
              {list.data ? adminNumber(list.data.counts[tile.key]) : '–'}
            </p>
          </Card>
        ))}
      </div>

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
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
          <span className="text-sm text-gray-600">{selected.size} selected</span>
          {bulkActions.map(({ action, label }) => (
            <Button
              key={action}
              size="sm"
              variant="secondary"
              disabled={selected.size === 0}
              onClick={() => bulk(action)}
            >
              {label} selected
            </Button>
          ))}
        </div>
      </div>

      <Card>
        {list.isPending ? (
          <div className="space-y-4 p-4" aria-busy="true">
            <Skeleton count={5} className="h-20 w-full" />
          </div>
        ) : list.isError ? (
          <div className="p-8 text-center text-gray-600">
            <p>The comments could not be loaded.</p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : comments.length === 0 ? (
          <p className="p-8 text-center text-gray-600">
            {view.status === 'all' ? messages.moderation.noComments : messages.moderation.noStatusComments(view.status)}
          </p>
        ) : (
          <>
            <label className="flex items-center gap-3 border-b border-gray-200 px-4 py-3 text-sm text-gray-600">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={allSelected}
                onChange={(e) => setSelected(e.target.checked ? new Set(comments.map((c) => c.id)) : new Set())}
              />
              Select all on this page
            </label>
            <ul className="divide-y divide-gray-200">
              {comments.map((comment) => (
                <CommentRow
                  key={comment.id}
                  comment={comment}
                  selected={selected.has(comment.id)}
                  onSelect={(on) =>
                    setSelected((s) => {
                      const next = new Set(s)
                      if (on) next.add(comment.id)
                      else next.delete(comment.id)
                      return next
                    })
                  }
                  onModerate={(action) => moderation.moderate(comment.id, action)}
                  onDelete={() => remove(comment.id)}
                />
              ))}
            </ul>
          </>
        )}
      </Card>

      <Pagination page={view.page} pages={totalPages} onPage={(page) => onViewChange({ ...view, page })} />
    </div>
  )
}
