import type { RestRoute } from './route'

export const settingsRoutes: RestRoute[] = []
