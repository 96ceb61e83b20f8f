import { numberParam, type Api, type RestRoute } from './route'

// The procedures validate every field with their zod schemas; these routes only move URL and body fields.
type CreateInput = Parameters<Api['posts']['create']>[0]
type GenerateInput = Parameters<Api['ai']['generate']>[0]
type Status = Parameters<Api['posts']['adminList']>[0] extends infer I ? (I extends { status?: infer S } ? S : never) : never

const idOf = (params: Record<string, string>): number => Number(params.id)

export const adminPostRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/posts/admin',
    handle: async (api, req) => {
      const { posts, pagination } = await api.posts.adminList({
        page: numberParam(req.query.page),
        limit: numberParam(req.query.limit),
        status: (req.query.status || undefined) as Status,
        search: req.query.search,
      })
      return { data: posts, pagination }
    },
  },
  { method: 'GET', url: '/api/posts/admin/:id', handle: async (api, req) => ({ data: await api.posts.adminById({ id: idOf(req.params) }) }) },
  { method: 'POST', url: '/api/posts', handle: async (api, req) => ({ data: await api.posts.create(req.body as CreateInput) }) },
  {
    method: 'PUT',
    url: '/api/posts/:id',
    handle: async (api, req) => ({ data: await api.posts.update({ ...(req.body as CreateInput), id: idOf(req.params) }) }),
  },
  { method: 'DELETE', url: '/api/posts/:id', handle: async (api, req) => ({ data: await api.posts.delete({ id: idOf(req.params) }) }) },
  {
    method: 'POST',
    url: '/api/posts/:id/upload',
    multipart: true,
    handle: async (api, req) => ({
      data: await api.posts.uploadImage({ id: idOf(req.params), image: req.file ? new Uint8Array(req.file.data) : undefined }),
    }),
  },
  {
    method: 'POST',
    url: '/api/posts/:id/ai/generate',
    handle: async (api, req) => ({ data: await api.posts.aiGenerate({ ...(req.body as GenerateInput), id: idOf(req.params) }) }),
  },
]
