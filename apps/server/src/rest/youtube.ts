import { numberParam, type RestRoute } from './route'

export const youtubeRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/youtube/travel-videos',
    handle: async (api, req) => ({ data: await api.youtube.travelVideos({ maxResults: numberParam(req.query.maxResults) }) }),
  },
  {
    method: 'GET',
    url: '/api/youtube/shorts',
    handle: async (api, req) => ({ data: await api.youtube.shorts({ maxResults: numberParam(req.query.maxResults) }) }),
  },
]
