import { Link } from '@tanstack/react-router'
import { Card } from '@wayfarer/ui'

const actions = [
  { label: 'Create New Post', to: '/admin/posts/new' },
  { label: 'Manage Posts', to: '/admin/posts' },
  { label: 'Review Comments', to: '/admin/comments' },
] as const

/** The dashboard's shortcuts: write a post, manage posts, review comments. */
export function QuickActions() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-gray-900">Quick Actions</h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {actions.map((a) => (
          <Link
            key={a.to}
            to={a.to}
            className="rounded-lg border border-gray-200 px-4 py-3 text-center text-sm font-medium text-teal-800 hover:bg-teal-50"
          >
            {a.label}
          </Link>
        ))}
      </div>
    </Card>
  )
}
