import type { RestRoute } from './route'

export const dashboardRoutes: RestRoute[] = []
