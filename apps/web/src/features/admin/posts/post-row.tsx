import { PostEditLink } from './post-edit-link'
import { Badge, ConfirmButton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { formatDate, formatTime } from '../../../lib/dates'
import type { AdminPostListItem } from '@wayfarer/api/schemas'
import { StatusBadge } from './status-badge'
import { PreviewButton } from './preview-button'
import { adminNumber, counted } from '../../../lib/numbers'

const DEFAULT_CATEGORY_COLOR = '#6B7280'
const actionClass = 'rounded px-2 py-1 text-gray-700 hover:bg-gray-100'

interface RowProps {
  post: AdminPostListItem
  /** Runs once the owner has confirmed. */
  onDelete: () => void
}

/** One row of the posts table (lg and up): Post, Status, Stats, Updated, Actions. */
export function PostRow({ post, onDelete }: RowProps) {
  return (
    <tr>
      <td className="px-4 py-3">
        <PostSummary post={post} />
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={post.status} />
      </td>
      <td className="px-4 py-3 text-gray-600">
        <PostStats post={post} />
      </td>
      <td className="px-4 py-3 text-gray-600">
        <Updated post={post} />
      </td>
      <td className="px-4 py-3">
        <PostActions post={post} onDelete={onDelete} className="justify-end" />
      </td>
    </tr>
  )
}

/**
 * The same post on a phone or tablet: the table's columns stacked in one card, so View, Edit and Delete are on screen
 * without scrolling sideways.
 */
export function PostStackedRow({ post, onDelete }: RowProps) {
  return (
    <li className="space-y-3 p-4" data-testid="post-stacked-row">
      <PostSummary post={post} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
        <StatusBadge status={post.status} />
        <span className="flex gap-3">
          <PostStats post={post} inline />
        </span>
        <span className="flex gap-1">
          <span>{goesOut(post) ? 'Goes out' : 'Updated'}</span>
          <Updated post={post} inline />
        </span>
      </div>
      <PostActions post={post} onDelete={onDelete} className="-ml-2" />
    </li>
  )
}

function PostSummary({ post }: { post: AdminPostListItem }) {
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-teal-100 font-semibold text-teal-800"
      >
        {post.title.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{post.title}</p>
        <p className="line-clamp-1 text-gray-600">{post.excerpt || 'No excerpt available'}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
          {post.category_name && (
            <Badge color={post.category_color ?? DEFAULT_CATEGORY_COLOR}>{post.category_name}</Badge>
          )}
          <span>
            by {post.first_name} {post.last_name}
          </span>
        </div>
      </div>
    </div>
  )
}

function PostStats({ post, inline = false }: { post: AdminPostListItem; inline?: boolean }) {
  const Line = inline ? 'span' : 'div'
  return (
    <>
      <Line>{counted(post.view_count, adminNumber(post.view_count), 'view', 'views')}</Line>
      <Line>{counted(post.comment_count, adminNumber(post.comment_count), 'comment', 'comments')}</Line>
    </>
  )
}

/** A scheduled post's row says when it goes out, not when it was last edited. */
const goesOut = (post: AdminPostListItem) => (post.status === 'scheduled' ? post.published_at : null)

function Updated({ post, inline = false }: { post: AdminPostListItem; inline?: boolean }) {
  const scheduled = goesOut(post)
  const updated = new Date(scheduled ?? post.updated_at)
  const Line = inline ? 'span' : 'div'
  return (
    <>
      {scheduled && !inline && <Line className="text-xs font-medium text-blue-800">Goes out</Line>}
      <Line>{formatDate(updated)}</Line>
      <Line className={inline ? '' : 'text-xs'}>{formatTime(updated)}</Line>
    </>
  )
}

function PostActions({ post, onDelete, className }: RowProps & { className?: string }) {
  return (
    <div className={`flex gap-2 ${className ?? ''}`}>
      {post.status === 'published' ? (
        <a
          href={`/blog/${post.slug}`}
          target="_blank"
          rel="noreferrer"
          aria-label={`View ${post.title}`}
          className={actionClass}
        >
          View
        </a>
      ) : (
        <PreviewButton post={post} className={actionClass} />
      )}
      <PostEditLink
        id={post.id}
        label={`Edit ${post.title}`}
        className="rounded px-2 py-1 text-teal-700 hover:bg-teal-50"
      >
        Edit
      </PostEditLink>
      <ConfirmButton
        variant="ghost"
        size="sm"
        confirm={messages.posts.deleteConfirm}
        onConfirm={onDelete}
        aria-label={`Delete ${post.title}`}
        className="text-red-700 hover:bg-red-50"
      >
        Delete
      </ConfirmButton>
    </div>
  )
}
