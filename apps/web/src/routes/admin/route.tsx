import { createFileRoute, redirect } from '@tanstack/react-router'
import { authStorage } from '../../lib/auth-storage'
import { AdminLayout } from '../../features/admin/admin-layout'

/** Every /admin route sits below this guard: signed out means /login (SPEC.md §2, §6). */
export const Route = createFileRoute('/admin')({
  beforeLoad: () => {
    if (!authStorage.read()) throw redirect({ to: '/login' })
  },
  component: AdminLayout,
})
