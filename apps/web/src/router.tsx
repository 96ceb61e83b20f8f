import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { queryClient } from './lib/trpc'
import { RouteErrorScreen } from './features/pages/route-error-screen'

/**
 * The app's router. Loaders get the query cache through the context, so hovering or focusing a link loads the
 * next screen's code and data before the click (`defaultPreload: 'intent'`).
 */
export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // TanStack Query decides what is fresh; the router asks the loaders every time and they read the cache.
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
  // Every route catches its own errors, so a page whose code failed to load keeps the site's header around it.
  defaultErrorComponent: RouteErrorScreen,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
