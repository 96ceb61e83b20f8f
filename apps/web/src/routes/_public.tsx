import { Outlet, createFileRoute } from '@tanstack/react-router'
import { PublicLayout } from '../features/layout/public-layout'

/** Pathless layout route: every visitor page below it gets the header, footer and back-to-top button. */
export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
})
