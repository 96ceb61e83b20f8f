import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { queryClient } from './lib/trpc'

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
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
