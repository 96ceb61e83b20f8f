import type { RestRoute } from './route'

export const dashboardRoutes: RestRoute[] = [{ method: 'GET', url: '/api/posts/admin/stats', handle: async (api) => ({ data: await api.dashboard.stats() }) }]
