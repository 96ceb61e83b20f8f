import { Link } from '@tanstack/react-router'
import { Card } from '@wayfarer/ui'
import { useQuery } from '@tanstack/react-query'
import { unreadMessagesQuery } from './queries'

/** Dashboard tile: how many contact messages wait to be read, linking to the inbox. */
export function UnreadMessagesTile() {
  const unread = useQuery(unreadMessagesQuery())
  return (
    <Link
      to="/admin/messages"
      search={{ status: 'unread', page: 1 }}
      className="block"
      data-testid="unread-messages-tile"
    >
      <Card className="flex items-center justify-between p-5 hover:border-teal-300">
        <div>
          <p className="text-sm text-gray-500">Messages</p>
          <p className="mt-1 text-2xl font-bold text-gray-900">{unread.data ? unread.data.unread : '–'}</p>
          <p className="text-sm text-gray-500">unread</p>
        </div>
        <svg
          viewBox="0 0 24 24"
          className="h-8 w-8 text-teal-700"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M3 6h18v12H3zM3 7l9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Card>
    </Link>
  )
}
