import type { RestRoute } from './route'

export const adminPostRoutes: RestRoute[] = []
