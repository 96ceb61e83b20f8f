import { numberParam, type RestRoute } from './route'

export const publicPostRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/posts',
    handle: async (api, req) => {
      const { posts, pagination } = await api.posts.published({
        limit: numberParam(req.query.limit),
        page: numberParam(req.query.page) ?? 1,
        category: req.query.category,
        search: req.query.search,
      })
      return { data: posts, pagination }
    },
  },
  {
    method: 'GET',
    url: '/api/posts/slug/:slug',
    handle: async (api, req) => ({ data: await api.posts.bySlug({ slug: req.params.slug ?? '' }) }),
  },
]
