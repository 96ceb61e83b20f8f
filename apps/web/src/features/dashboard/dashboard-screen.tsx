import { QuickActions } from './quick-actions'
import { UnreadMessagesTile } from '../admin-messages/unread-messages-tile'

/** SPEC.md §2 Admin dashboard (/admin). */
export function DashboardScreen() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-gray-900">Dashboard</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <UnreadMessagesTile />
      </div>
      <QuickActions />
    </div>
  )
}
