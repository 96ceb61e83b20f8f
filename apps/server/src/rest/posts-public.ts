import type { RestRoute } from './route'

export const publicPostRoutes: RestRoute[] = []
