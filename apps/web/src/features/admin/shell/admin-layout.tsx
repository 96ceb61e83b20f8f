import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { Button, Dialog, DialogTitle, StrokeIcon } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import { useAuth } from '../../auth/auth-context'
import { MAIN_ID, SkipLink } from '../../layout/skip-link'
import { AdminSidebar } from './admin-sidebar'
import { adminNavEntries, isNavEntryActive } from './admin-nav'
import { ToastHost } from './toast-host'

/** The admin's frame: header, sidebar (a slide-over below md) and the screen; signed out means /login. */
export function AdminLayout() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // Confirms the stored session with the server on entry; a 401 signs out through the tRPC link.
  useQuery(trpc.auth.me.queryOptions(undefined, { enabled: auth.isAuthenticated, retry: false, staleTime: 60_000 }))

  // Signed out while here (Logout, or a 401 from the server): back to the sign-in page.
  useEffect(() => {
    if (!auth.isAuthenticated) void navigate({ to: '/login' })
  }, [auth.isAuthenticated, navigate])

  useEffect(() => setMenuOpen(false), [pathname])

  if (!auth.user) return null

  return (
    <ToastHost>
      <div className="flex min-h-screen flex-col bg-gray-50">
        <SkipLink />
        <AdminHeader
          screen={adminNavEntries.find((e) => isNavEntryActive(e, pathname))?.label ?? 'Admin'}
          email={auth.user.email}
          menuOpen={menuOpen}
          onMenu={() => setMenuOpen((v) => !v)}
          onLogout={() => void auth.logout()}
        />
        <div className="flex flex-1">
          {/* The column runs the whole page height; the links inside stay in view while a long page scrolls. */}
          <aside
            className="hidden w-60 shrink-0 border-r border-gray-200 bg-white md:block"
            data-testid="admin-sidebar"
          >
            <div className="sticky top-16 h-[calc(100vh-4rem)]">
              <AdminSidebar pathname={pathname} />
            </div>
          </aside>
          {menuOpen && <MenuSlideOver pathname={pathname} onClose={() => setMenuOpen(false)} />}
          <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </ToastHost>
  )
}

function AdminHeader({
  screen,
  email,
  menuOpen,
  onMenu,
  onLogout,
}: {
  /** The sidebar's name of the screen shown: the page's h1, so each screen's heading names it. */
  screen: string
  email: string
  menuOpen: boolean
  onMenu: () => void
  onLogout: () => void
}) {
  return (
    <header className="sticky top-0 z-50 flex h-16 items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 md:px-6">
      <div className="flex shrink-0 items-center gap-3">
        <button
          type="button"
          className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          onClick={onMenu}
        >
          <StrokeIcon d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} className="h-6 w-6" />
        </button>
        <p className="hidden shrink-0 text-sm font-medium text-gray-600 sm:block">Admin Panel</p>
        <h1 className="shrink-0 text-lg font-bold text-gray-900" data-testid="admin-screen-heading">
          {screen}
        </h1>
      </div>
      <div className="flex min-w-0 items-center gap-3">
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="shrink-0 rounded-lg px-2 py-1.5 text-sm font-medium text-teal-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          View site<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <span className="min-w-0 truncate text-sm text-gray-600" data-testid="admin-welcome">
          Welcome, {email}
        </span>
        <Button variant="secondary" size="sm" className="shrink-0" onClick={onLogout}>
          Logout
        </Button>
      </div>
    </header>
  )
}

/** The sidebar below md: the shared Dialog, placed below the header so the menu button stays usable. */
function MenuSlideOver({ pathname, onClose }: { pathname: string; onClose: () => void }) {
  return (
    <Dialog
      onClose={onClose}
      placementClassName="inset-x-0 bottom-0 top-16 flex md:hidden"
      backdropClassName="bg-black/40"
      className="h-full w-64 max-w-[85vw] bg-white shadow-xl"
    >
      <DialogTitle className="sr-only">Admin menu</DialogTitle>
      <div className="flex justify-end border-b border-gray-200 p-2">
        <button
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100"
        >
          Close menu
        </button>
      </div>
      <AdminSidebar pathname={pathname} onNavigate={onClose} />
    </Dialog>
  )
}
