import type { RestRoute } from './route'

export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/auth/login',
    handle: async (api, req) => ({ data: await api.auth.login({ email: String(req.body.email ?? ''), password: String(req.body.password ?? '') }) }),
  },
  { method: 'POST', url: '/api/auth/logout', handle: async (api) => ({ data: await api.auth.logout() }) },
  { method: 'GET', url: '/api/auth/me', handle: async (api) => ({ data: await api.auth.me() }) },
]
