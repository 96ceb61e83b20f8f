import type { RestRoute } from './route'

export const commentRoutes: RestRoute[] = []
