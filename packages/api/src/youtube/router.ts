import { z } from 'zod'
import { publicProcedure, router } from '../trpc'
import { shortsInput, travelVideosInput, video } from './schema'
import { shorts, travelVideos } from './service'

export const youtubeRouter = router({
  travelVideos: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/youtube/travel-videos', summary: "The owner's travel videos" } })
    .input(travelVideosInput)
    .output(z.array(video))
    .query(({ ctx, input }) => travelVideos(ctx.deps, input.maxResults)),
  shorts: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/youtube/shorts', summary: "The owner's Shorts" } })
    .input(shortsInput)
    .output(z.array(video))
    .query(({ ctx, input }) => shorts(ctx.deps, input.maxResults)),
})
