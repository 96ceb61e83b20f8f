import { publicProcedure } from '../trpc'
import { postBySlugInput, publicPost, publishedPostsInput, publishedPostsOutput } from './public-schema'
import { listPublishedPosts, readPublishedPost } from './public-service'

/** Procedures visitors use to read published posts (issue: reading). */
export const publicPostProcedures = {
  /** Published posts: optional page size, page, category (slug or name) and search. */
  published: publicProcedure
    .input(publishedPostsInput)
    .output(publishedPostsOutput)
    .query(({ ctx, input }) => listPublishedPosts(ctx.deps, input)),
  /** One published post; counts a view, so the web calls it once per page visit. */
  bySlug: publicProcedure
    .input(postBySlugInput)
    .output(publicPost)
    .query(({ ctx, input }) => readPublishedPost(ctx.deps, input.slug)),
}
