import type { RestRoute } from './route'

export const contactRoutes: RestRoute[] = []
