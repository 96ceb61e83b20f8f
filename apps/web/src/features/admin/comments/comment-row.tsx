import { formatDateTime } from '../../../lib/dates'
import { Badge, Button, ConfirmButton, cx } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import type { AdminComment, ModerationAction } from '@wayfarer/api/schemas'

const statusTone: Record<AdminComment['status'], string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  approved: 'bg-green-100 text-green-800',
  denied: 'bg-gray-200 text-gray-700',
  spam: 'bg-red-100 text-red-800',
}

interface CommentRowProps {
  comment: AdminComment
  selected: boolean
  onSelect: (selected: boolean) => void
  onModerate: (action: ModerationAction) => void
  /** Called once the owner has confirmed. */
  onDelete: () => void
}

/** One comment in the queue: who wrote it, on which story and when, its text, and what can be done with it. */
export function CommentRow({ comment, selected, onSelect, onModerate, onDelete }: CommentRowProps) {
  return (
    <li
      className={cx('flex gap-4 p-4', selected && 'bg-teal-50/60')}
      data-testid="admin-comment"
      data-comment-id={comment.id}
    >
      <input
        type="checkbox"
        className="mt-1 h-6 w-6 shrink-0"
        aria-label={`Select comment by ${comment.author_name}`}
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-gray-900">{comment.author_name}</span>
          <a href={`mailto:${comment.author_email}`} className="text-sm text-gray-500 hover:underline">
            {comment.author_email}
          </a>
          {comment.author_website && (
            <a
              href={comment.author_website}
              target="_blank"
              rel="nofollow noopener noreferrer"
              className="text-sm text-teal-700 underline"
            >
              {comment.author_website}
            </a>
          )}
          <Badge className={statusTone[comment.status]}>
            <span data-testid="comment-status">{comment.status}</span>
          </Badge>
        </div>
        <p className="mt-2 break-words whitespace-pre-line text-gray-800">{comment.content}</p>
        <p className="mt-2 text-xs text-gray-500">
          on{' '}
          <a href={`/blog/${comment.post_slug}`} className="text-teal-700 underline hover:text-teal-900">
            “{comment.post_title}”
          </a>{' '}
          · {formatDateTime(comment.created_at)}
          {comment.moderated_at && (
            <>
              {' '}
              · moderated {formatDateTime(comment.moderated_at)}
              {comment.moderated_by_email && ` by ${comment.moderated_by_email}`}
            </>
          )}
        </p>
        <CommentActions
          author={comment.author_name}
          status={comment.status}
          onModerate={onModerate}
          onDelete={onDelete}
        />
      </div>
    </li>
  )
}

/** Approve / Deny / Spam while pending, Re-approve once decided, and Delete (after the owner confirms). */
function CommentActions({
  author,
  status,
  onModerate,
  onDelete,
}: {
  author: string
  status: AdminComment['status']
  onModerate: (action: ModerationAction) => void
  onDelete: () => void
}) {
  // Each button says whose comment it acts on ("Approve comment by Ana"): a list of buttons read out of context
  // (a screen reader's list of controls) would otherwise be a column of identical "Approve"s.
  const whose = <span className="sr-only"> comment by {author}</span>
  return (
    <div className="mt-3 flex flex-wrap gap-2" data-row-actions>
      {status === 'pending' ? (
        <>
          <Button size="sm" onClick={() => onModerate('approve')}>
            Approve{whose}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onModerate('deny')}>
            Deny{whose}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onModerate('spam')}>
            Spam{whose}
          </Button>
        </>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => onModerate('approve')} disabled={status === 'approved'}>
          Re-approve{whose}
        </Button>
      )}
      <ConfirmButton
        size="sm"
        variant="ghost"
        className="text-red-700"
        confirm={messages.moderation.deleteConfirm}
        onConfirm={onDelete}
      >
        Delete{whose}
      </ConfirmButton>
    </div>
  )
}
