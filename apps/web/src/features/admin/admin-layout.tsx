import { useEffect, useState } from 'react'
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { Button, cx } from '@wayfarer/ui'
import { trpc } from '../../lib/trpc'
import { useAuth } from '../auth/auth-context'
import { adminNavEntries, isNavEntryActive } from './admin-nav'

/** SPEC.md §2 Admin layout: header, sidebar (a slide-over below md) and the screen. */
export function AdminLayout() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // Confirms the stored session with the server on entry; a 401 signs out through the tRPC link.
  trpc.auth.me.useQuery(undefined, { enabled: auth.isAuthenticated, retry: false, staleTime: 60_000 })

  // Signed out while here (Logout, or a 401 from the server): back to the sign-in page.
  useEffect(() => {
    if (!auth.isAuthenticated) void navigate({ to: '/login' })
  }, [auth.isAuthenticated, navigate])

  useEffect(() => setMenuOpen(false), [pathname])

  if (!auth.user) return null

  const sidebar = (
    <nav aria-label="Admin" className="flex h-full flex-col">
      <ul className="flex-1 space-y-1 p-4">
        {adminNavEntries.map((entry) => {
          const active = isNavEntryActive(entry, pathname)
          return (
            <li key={entry.to}>
              <Link
                // Entries may name screens another part of the app registers later, so the path is checked here
                // by the active rule's test rather than by the route tree's types.
                to={entry.to as '/admin'}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                  active ? 'bg-teal-50 text-teal-800' : 'text-gray-700 hover:bg-gray-100',
                )}
              >
                <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
                  <path d={entry.icon} strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {entry.label}
              </Link>
            </li>
          )
        })}
      </ul>
      <div className="border-t border-gray-200 p-4 text-sm font-semibold text-gray-500" data-testid="admin-sidebar-footer">
        Wayfarer
      </div>
    </nav>
  )

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="sticky top-0 z-30 flex h-16 items-center justify-between border-b border-gray-200 bg-white px-4 md:px-6">
        <div className="flex items-center gap-3">
          <button
            type="button"
            className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} strokeLinecap="round" />
            </svg>
          </button>
          <h1 className="text-lg font-bold text-gray-900">Admin Panel</h1>
        </div>
        <div className="flex items-center gap-4">
          <span className="max-w-[40vw] truncate text-sm text-gray-600">Welcome, {auth.user.email}</span>
          <Button variant="secondary" size="sm" onClick={() => void auth.logout()}>
            Logout
          </Button>
        </div>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 border-r border-gray-200 bg-white md:block">{sidebar}</aside>
        {menuOpen && (
          <div className="fixed inset-0 z-40 md:hidden">
            <div className="absolute inset-0 bg-black/40" onClick={() => setMenuOpen(false)} aria-hidden="true" />
            <aside className="absolute inset-y-0 left-0 w-64 bg-white shadow-xl">{sidebar}</aside>
          </div>
        )}
        <main className="min-w-0 flex-1 p-4 md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
