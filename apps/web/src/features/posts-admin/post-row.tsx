import { Link } from '@tanstack/react-router'
import { Badge } from '@wayfarer/ui'
import { format } from 'date-fns'
import type { AdminPostListItem } from '@wayfarer/api/schemas'
import { StatusBadge } from './status-badge'

const DEFAULT_CATEGORY_COLOR = '#6B7280'

/** One row of the posts table: Post, Status, Stats, Updated, Actions (SPEC.md §2). */
export function PostRow({ post, onDelete }: { post: AdminPostListItem; onDelete: () => void }) {
  const updated = new Date(post.updated_at)
  return (
    <tr>
      <td className="px-4 py-3">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-teal-100 font-semibold text-teal-800">
            {post.title.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-gray-900">{post.title}</p>
            <p className="line-clamp-1 text-gray-500">{post.excerpt || 'No excerpt available'}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
              {post.category_name && <Badge color={post.category_color ?? DEFAULT_CATEGORY_COLOR}>{post.category_name}</Badge>}
              <span>
                by {post.first_name} {post.last_name}
              </span>
            </div>
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={post.status} />
      </td>
      <td className="px-4 py-3 text-gray-600">
        <div>{post.view_count} views</div>
        <div>{post.comment_count} comments</div>
      </td>
      <td className="px-4 py-3 text-gray-600">
        <div>{format(updated, 'MMM dd, yyyy')}</div>
        <div className="text-xs">{format(updated, 'h:mm a')}</div>
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" aria-label={`View ${post.title}`} className="rounded px-2 py-1 text-gray-600 hover:bg-gray-100">
            View
          </a>
          <Link to="/admin/posts/edit/$id" params={{ id: String(post.id) }} aria-label={`Edit ${post.title}`} className="rounded px-2 py-1 text-teal-700 hover:bg-teal-50">
            Edit
          </Link>
          <button type="button" onClick={onDelete} aria-label={`Delete ${post.title}`} className="rounded px-2 py-1 text-red-600 hover:bg-red-50">
            Delete
          </button>
        </div>
      </td>
    </tr>
  )
}
