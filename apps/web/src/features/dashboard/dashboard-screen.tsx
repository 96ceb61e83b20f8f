import { QuickActions } from './quick-actions'

/** SPEC.md §2 Admin dashboard (/admin). */
export function DashboardScreen() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-gray-900">Dashboard</h2>
      <QuickActions />
    </div>
  )
}
