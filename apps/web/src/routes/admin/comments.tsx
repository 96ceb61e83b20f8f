import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { commentStatusFilters } from '@wayfarer/api/schemas'
import { CommentsScreen } from '../../features/admin-comments/comments-screen'

const searchSchema = z.object({
  status: z.enum(commentStatusFilters).catch('all').default('all'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
})

export const Route = createFileRoute('/admin/comments')({
  validateSearch: searchSchema,
  component: AdminCommentsRoute,
})

function AdminCommentsRoute() {
  const view = Route.useSearch()
  const navigate = Route.useNavigate()
  return <CommentsScreen view={view} onViewChange={(next) => void navigate({ search: next })} />
}
