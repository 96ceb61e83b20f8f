import { useQuery } from '@tanstack/react-query'
import { PostEditLink } from '../posts/post-edit-link'
import type { MailSends } from '@wayfarer/api/schemas'
import { Card } from '@wayfarer/ui'
import { formatDateTime } from '../../../lib/dates'
import { sendsQuery } from './queries'

type Send = MailSends['sends'][number]

/** "E-mailed to 120 · 2 failed · 0 pending": mails still queued or in flight count as pending. */
export const sendSummary = (s: Send) => `E-mailed to ${s.sent} · ${s.failed} failed · ${s.pending + s.sending} pending`

/** Admin → Subscribers, "Sends": what the mails of each mailed story did, while it goes out and after. */
export function SendsCard() {
  const sends = useQuery(sendsQuery())
  const list = sends.data?.sends ?? []
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold text-gray-900">Sends</h3>
      {sends.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load the sends.
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600">{sends.isPending ? 'Loading…' : 'No story has been e-mailed yet.'}</p>
      ) : (
        <ul aria-label="Sends" className="divide-y divide-gray-100 text-sm">
          {list.map((s) => (
            <SendRow key={s.post_id} send={s} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function SendRow({ send }: { send: Send }) {
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <PostEditLink
          id={send.post_id}
          className="rounded font-medium break-words text-gray-900 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          {send.title}
        </PostEditLink>
        <span className="text-gray-600">{formatDateTime(send.mailed_at)}</span>
      </div>
      <p className={send.failed > 0 ? 'text-red-700' : 'text-gray-700'}>{sendSummary(send)}</p>
      {send.last_error && send.failed + send.pending > 0 && (
        <p className="break-words text-gray-600">Last error: {send.last_error}</p>
      )}
    </li>
  )
}
