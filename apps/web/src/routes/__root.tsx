import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import type { RouterContext } from '../lib/preload'
import { PublicLayout } from '../features/layout/public-layout'
import { NotFoundScreen } from '../features/pages/not-found-screen'
import { RouteErrorScreen } from '../features/pages/route-error-screen'
import { NavigationProgress } from '../features/layout/navigation-progress'

// The root carries no layout: public pages get theirs from the pathless `_public` route, while /admin and
// /login bring their own. Only the page-change progress bar sits above them all.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  ),
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundScreen />
    </PublicLayout>
  ),
  errorComponent: RouteErrorScreen,
})
