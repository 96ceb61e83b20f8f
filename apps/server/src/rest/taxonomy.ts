import type { RestRoute } from './route'

export const taxonomyRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/categories', handle: async (api) => ({ data: await api.taxonomy.categories() }) },
  { method: 'GET', url: '/api/tags', handle: async (api) => ({ data: await api.taxonomy.tags() }) },
]
