import type { FileRoutesByTo } from '../routeTree.gen'

/**
 * Every path of the route tree that takes no parameters. Navigation tables (header, footer, admin sidebar)
 * are typed with it, so a link to a screen that does not exist fails the type check instead of the visitor.
 */
export type AppPath = Exclude<keyof FileRoutesByTo, `${string}$${string}`>
