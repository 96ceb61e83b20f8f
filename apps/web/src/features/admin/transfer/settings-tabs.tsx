import { Link } from '@tanstack/react-router'
import type { AppPath } from '../../../lib/app-paths'

const sections: { label: string; to: AppPath }[] = [
  { label: 'Site', to: '/admin/settings/site' },
  { label: 'AI', to: '/admin/settings' },
  { label: 'Import/Export', to: '/admin/settings/import' },
  { label: 'Redirects', to: '/admin/settings/redirects' },
]

/** Admin → Settings has several screens; this row links them (the current one is marked for screen readers). */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings sections" className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {sections.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              activeOptions={{ exact: true }}
              className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-teal-700"
              activeProps={{ className: 'border-teal-700 text-teal-800', 'aria-current': 'page' }}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
