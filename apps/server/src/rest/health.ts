import type { RestRoute } from './route'

export const healthRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/health', handle: async (api) => ({ data: await api.health.check() }) },
]
