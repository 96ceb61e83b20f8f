import { formatDateTime } from '../../../lib/dates'
import { Badge, Button, Card, ConfirmButton, cx } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import type { ContactMessage } from '@wayfarer/api/schemas'

interface Props {
  message: ContactMessage
  busy: boolean
  onMarkRead: (read: boolean) => void
  /** Called once the owner has confirmed. */
  onDelete: () => void
}

/** One visitor message in the owner's inbox, with reply (mail client), read/unread and delete. */
export function MessageCard({ message, busy, onMarkRead, onDelete }: Props) {
  const unread = message.read_at === null
  const reply = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`
  return (
    <Card className={cx('p-5', unread && 'border-l-4 border-l-teal-600')} data-testid="contact-message">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h3 className={cx('truncate text-gray-900', unread ? 'font-bold' : 'font-medium')}>{message.subject}</h3>
            {unread && <Badge className="bg-teal-100 text-teal-800">Unread</Badge>}
          </div>
          <p className="mt-1 text-sm text-gray-600">
            {message.name} ·{' '}
            <a href={`mailto:${message.email}`} className="text-teal-700 underline">
              {message.email}
            </a>{' '}
            · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <a
            href={reply}
            className="inline-flex items-center rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50"
          >
            Reply
          </a>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onMarkRead(unread)}>
            {unread ? 'Mark as read' : 'Mark as unread'}
          </Button>
          <ConfirmButton
            variant="danger"
            size="sm"
            disabled={busy}
            confirm={messages.contact.deleteConfirm}
            onConfirm={onDelete}
          >
            Delete
          </ConfirmButton>
        </div>
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words text-gray-800">{message.message}</p>
    </Card>
  )
}
