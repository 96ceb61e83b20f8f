import { z } from 'zod'
import { publicProcedure, router } from '../trpc'
import { shortsInput, travelVideosInput, video } from './schema'
import { shorts, travelVideos } from './service'

export const youtubeRouter = router({
  travelVideos: publicProcedure
    .input(travelVideosInput)
    .output(z.array(video))
    .query(({ ctx, input }) => travelVideos(ctx.deps, input.maxResults)),
  shorts: publicProcedure
    .input(shortsInput)
    .output(z.array(video))
    .query(({ ctx, input }) => shorts(ctx.deps, input.maxResults)),
})
