import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../lib/preload'
import { PublicLayout } from '../features/layout/public-layout'
import { NotFoundScreen } from '../features/pages/not-found-screen'
import { AppErrorScreen } from '../features/pages/app-error-screen'

// The root carries no layout: public pages get theirs from the pathless `_public` route, while /admin and
// /login bring their own.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundScreen />
    </PublicLayout>
  ),
  errorComponent: AppErrorScreen,
})
