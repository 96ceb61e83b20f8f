import type { RestRoute } from './route'

export const youtubeRoutes: RestRoute[] = []
