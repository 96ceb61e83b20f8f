import type { RestRoute } from './route'

export const aiRoutes: RestRoute[] = []
