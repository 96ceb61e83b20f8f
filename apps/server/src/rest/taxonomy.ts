import type { RestRoute } from './route'

export const taxonomyRoutes: RestRoute[] = []
