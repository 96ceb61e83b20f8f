import type { AppPath } from '../../../lib/app-paths'

/**
 * The admin sidebar (docs/product.md, "Admin layout"). To add a screen, add one entry here. `exact` entries are
 * active on their own path only; the others on any path starting with their route.
 */
export interface AdminNavEntry {
  label: string
  to: AppPath
  exact?: boolean
  /** An SVG path (24x24 viewBox, stroked). */
  icon: string
}

export const adminNavEntries: AdminNavEntry[] = [
  { label: 'Dashboard', to: '/admin', exact: true, icon: 'M3 12l9-9 9 9M5 10v10h14V10' },
  { label: 'Posts', to: '/admin/posts', icon: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6' },
  { label: 'Trips', to: '/admin/trips', icon: 'M4 19l5-14 6 10 5-6M4 19h16' },
  { label: 'Gallery', to: '/admin/gallery', icon: 'M4 5h16v14H4zM4 15l4-4 5 5 3-3 4 4' },
  { label: 'Comments', to: '/admin/comments', icon: 'M4 5h16v11H8l-4 4z' },
  { label: 'Messages', to: '/admin/messages', icon: 'M3 6h18v12H3zM3 7l9 6 9-6' },
  {
    label: 'Subscribers',
    to: '/admin/subscribers',
    icon: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7.5M22 21v-1a6 6 0 00-4-5.6',
  },
  { label: 'Settings', to: '/admin/settings', icon: 'M12 8a4 4 0 100 8 4 4 0 000-8zM12 2v3M12 19v3M2 12h3M19 12h3' },
]

/** Whether an entry is highlighted for the current path. */
export function isNavEntryActive(entry: Pick<AdminNavEntry, 'to' | 'exact'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return entry.exact ? path === entry.to : path === entry.to || path.startsWith(`${entry.to}/`)
}
