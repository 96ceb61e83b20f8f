import { createFileRoute, redirect } from '@tanstack/react-router'
import { authStorage } from '../../lib/auth-storage'
import { AdminLayout } from '../../features/admin/shell/admin-layout'
import { NotFoundScreen } from '../../features/pages/not-found-screen'

/** Every /admin route sits below this guard: signed out means /login. */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (!authStorage.read()) throw redirect({ to: '/login' })
  },
  component: AdminLayout,
  // Unknown /admin/* paths stop here rather than at the root's public 404, so the guard above still runs first.
  notFoundComponent: NotFoundScreen,
})
