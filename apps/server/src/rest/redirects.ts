import { numberParam, type Api, type RestRoute } from './route'

// The procedures validate every field (site-relative targets only); these routes only move URL and body fields.
type SaveInput = Parameters<Api['redirects']['create']>[0]
const idOf = (params: Record<string, string>): number => Number(params.id)

/** Admin → Settings → Redirects (not in SPEC.md §7: added with the importers). */
export const redirectRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/redirects',
    handle: async (api, req) => {
      const { redirects, pagination } = await api.redirects.list({ page: numberParam(req.query.page), limit: numberParam(req.query.limit), search: req.query.search })
      return { data: redirects, pagination }
    },
  },
  { method: 'POST', url: '/api/redirects', handle: async (api, req) => ({ data: await api.redirects.create(req.body as SaveInput) }) },
  { method: 'PUT', url: '/api/redirects/:id', handle: async (api, req) => ({ data: await api.redirects.update({ ...(req.body as SaveInput), id: idOf(req.params) }) }) },
  { method: 'DELETE', url: '/api/redirects/:id', handle: async (api, req) => ({ data: await api.redirects.delete({ id: idOf(req.params) }) }) },
]
