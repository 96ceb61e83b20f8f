import { Link } from '@tanstack/react-router'
import { cx, StrokeIcon } from '@wayfarer/ui'
import { adminNavEntries, isNavEntryActive } from './admin-nav'

/**
 * The admin navigation (desktop column and mobile slide-over). The router marks the current entry with
 * `aria-current="page"`; its active options are the same rule as `isNavEntryActive`, so Dashboard is current
 * on /admin only.
 */
export function AdminSidebar({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="flex h-full flex-col">
      <ul className="flex-1 space-y-1 p-4">
        {adminNavEntries.map((entry) => {
          const active = isNavEntryActive(entry, pathname)
          return (
            <li key={entry.to}>
              <Link
                to={entry.to}
                activeOptions={{ exact: entry.exact ?? false, includeSearch: false }}
                onClick={onNavigate}
                className={cx(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                  active ? 'bg-teal-50 text-teal-800' : 'text-gray-700 hover:bg-gray-100',
                )}
              >
                <StrokeIcon d={entry.icon} className="h-5 w-5" strokeWidth={1.8} />
                {entry.label}
              </Link>
            </li>
          )
        })}
      </ul>
      <div
        className="border-t border-gray-200 p-4 text-sm font-semibold text-gray-600"
        data-testid="admin-sidebar-footer"
      >
        Wayfarer
      </div>
    </nav>
  )
}
