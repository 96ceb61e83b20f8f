import type { RestRoute } from './route'

export const galleryRoutes: RestRoute[] = []
