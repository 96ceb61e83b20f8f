import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { MessagesScreen } from '../../features/admin-messages/messages-screen'

const searchSchema = z.object({
  status: z.enum(['all', 'unread', 'read']).catch('all').default('all'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
})

export const Route = createFileRoute('/admin/messages')({
  validateSearch: searchSchema,
  component: AdminMessagesRoute,
})

function AdminMessagesRoute() {
  const view = Route.useSearch()
  const navigate = Route.useNavigate()
  return <MessagesScreen view={view} onViewChange={(next) => void navigate({ search: next })} />
}
