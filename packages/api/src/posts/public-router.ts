import { publicProcedure } from '../trpc'
import {
  postBySlugInput,
  postCardsInput,
  postCardsOutput,
  postViewOutput,
  publicPost,
  publishedPostsInput,
  publishedPostsOutput,
} from './public-schema'
import {
  countPostView,
  everyPublishedPost,
  findPublishedPostOrThrow,
  listPostCards,
  listPublishedPosts,
  readPublishedPost,
} from './public-service'

/** Procedures visitors use to read published posts (issue: reading). */
export const publicPostProcedures = {
  /**
   * Published posts in the documented public shape: a page (`limit`, as the home page asks) without the bodies
   * unless `include=content`; category and search. On REST without a limit: all of them with their bodies, streamed.
   */
  published: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/posts',
        summary: 'Published stories: all with their bodies, or a page (limit) without them unless include=content',
        data: 'posts',
        pagination: 'pagination',
        stream: everyPublishedPost,
      },
    })
    .input(publishedPostsInput)
    .output(publishedPostsOutput)
    .query(({ ctx, input }) => listPublishedPosts(ctx.deps, input)),
  /**
   * The blog list's page of story cards (no bodies), with search, category, paging and the chips' counts:
   * the web app's list procedure. See `postCardsInput` / `postCardsOutput`.
   */
  cards: publicProcedure
    .input(postCardsInput)
    .output(postCardsOutput)
    .query(({ ctx, input }) => listPostCards(ctx.deps, input)),
  /** One published post; counts a view (the REST path and outside callers). */
  bySlug: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/posts/slug/:slug', summary: 'One published story; counts a view' } })
    .input(postBySlugInput)
    .output(publicPost)
    .query(({ ctx, input }) => readPublishedPost(ctx.deps, input.slug, ctx.onEachRead)),
  /**
   * The same post without counting a view. The web app loads it ahead of time (hovering a link preloads the
   * story), so the visit itself is counted separately with recordView once the page is shown.
   */
  story: publicProcedure
    .input(postBySlugInput)
    .output(publicPost)
    .query(({ ctx, input }) => findPublishedPostOrThrow(ctx.deps, input.slug)),
  /** Counts one view of a published post and answers the new total. */
  recordView: publicProcedure
    .input(postBySlugInput)
    .output(postViewOutput)
    .mutation(async ({ ctx, input }) => ({ view_count: await countPostView(ctx.deps, input.slug) })),
}
