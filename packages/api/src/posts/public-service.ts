import type { AppDeps } from '../deps'
import type { Window } from './search-index'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { storedViewsSql } from './view-counter'
import { categoryCounts } from '../taxonomy/service'
import {
  BATCH_SIZE,
  isPublished,
  postCardPage,
  publicPostBySlug,
  publicPostBatches,
  publicPostPage,
  publishedPostDates as readPublishedPostDates,
  type PostFilter,
  publicStoryBySlug,
  type StoryCoordinates,
} from './public-read'
import {
  MAX_PAGE_SIZE,
  postBySlugInput,
  publicPost,
  type Pagination,
  type PostCardsOutput,
  type PostCardsQuery,
  type PublicPost,
  type PublishedPostsOutput,
  type PublishedPostsQuery,
} from './public-schema'

/** The filter of a list; a search's matches are found for the window the list shows (all of them by default). */
const filterOf = async (
  deps: AppDeps,
  input: { search?: string | undefined; category?: string | undefined },
  window?: Window,
): Promise<PostFilter> =>
  input.search
    ? { hits: await deps.postSearch.search(input.search, input.category, window), remember: deps.remember }
    : { category: input.category }

const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit))

/**
 * A page of published posts in the documented public shape, newest first (or best match first when searching),
 * without their bodies unless `include=content`. Without `limit`, the REST path streams every match instead
 * (`everyPublishedPost`); a tRPC call without one gets the largest page.
 */
export async function listPublishedPosts(deps: AppDeps, input: PublishedPostsQuery): Promise<PublishedPostsOutput> {
  const limit = input.limit ?? MAX_PAGE_SIZE
  const offset = (input.page - 1) * limit
  const filter = await filterOf(deps, input, { offset, limit })
  const withContent = input.include === 'content'
  const page = await publicPostPage(deps.prisma, filter, limit, offset, (id) => deps.views.pending(id), withContent)
  const posts = withContent ? page.rows : page.rows.map(({ content: _body, ...listed }) => listed)
  return { posts, pagination: { page: input.page, limit, total: page.total, pages: pagesOf(page.total, limit) } }
}

/**
 * Every published match with its body, newest first (or best match first when searching), a batch at a time: the
 * REST list without a limit (docs/product.md, "Every story at once"), which the REST adapter streams. At 100,000
 * stories it is over half a gigabyte, more than one string may hold, so it is never built whole. Returns the
 * pagination that follows the list. Undefined when the input asks for a page.
 */
export function everyPublishedPost(
  deps: AppDeps,
  input: PublishedPostsQuery,
): AsyncGenerator<PublicPost[], { pagination: Pagination }> | undefined {
  if (input.limit !== undefined) return undefined
  return (async function* () {
    const pending = (id: number) => deps.views.pending(id)
    const filter = await filterOf(deps, input)
    let total = 0
    const batches =
      !filter.hits && filter.category === undefined
        ? publicPostBatches(deps.prisma, pending)
        : offsetBatches(deps, filter, pending)
    for await (const batch of batches) {
      total += batch.length
      yield publicPost.array().parse(batch)
    }
    return { pagination: { page: 1, limit: Math.max(total, 1), total, pages: 1 } }
  })()
}

/** A search's or a category's matches (a fraction of the posts) in offset batches. */
async function* offsetBatches(deps: AppDeps, filter: PostFilter, pending: (id: number) => number) {
  for (let offset = 0; ; offset += BATCH_SIZE) {
    const batch = await publicPostPage(deps.prisma, filter, BATCH_SIZE, offset, pending)
    if (batch.rows.length) yield batch.rows
    if (batch.rows.length < BATCH_SIZE) return
  }
}

/** The blog list's page of story cards, with the category chips' counts. */
export async function listPostCards(deps: AppDeps, input: PostCardsQuery): Promise<PostCardsOutput> {
  const offset = (input.cursor - 1) * input.limit
  const filter = await filterOf(deps, input, { offset, limit: input.limit })
  const [page, counts] = await Promise.all([
    postCardPage(deps.prisma, filter, input.limit, offset),
    categoryCounts(deps),
  ])
  return {
    cards: page.rows,
    pagination: { page: input.cursor, limit: input.limit, total: page.total, pages: pagesOf(page.total, input.limit) },
    categories: counts.categories,
    published_total: counts.publishedTotal,
  }
}

/**
 * A published post by its slug, counting one view: `onEachRead` runs the count now and again whenever the
 * server's public-read cache serves this answer without calling the procedure.
 */
export async function readPublishedPost(
  deps: AppDeps,
  slug: string,
  onEachRead: (effect: () => void) => void,
): Promise<PublicPost> {
  const post = await publicPostBySlug(deps.prisma, slug, () => 0)
  if (!post) throw new NotFoundError(messages.posts.notFoundText)
  onEachRead(() => deps.views.count(post.id))
  return { ...post, view_count: post.view_count + deps.views.pending(post.id) }
}

/** A published post by slug without counting a view, or NotFound (the web app preloads it on hover). */
export async function findPublishedPostOrThrow(deps: AppDeps, slug: string): Promise<PublicPost> {
  const post = await findPublishedPost(deps, slug)
  if (!post) throw new NotFoundError(messages.posts.notFoundText)
  return post
}

/** Counts one view of a published post (a visitor opened it) and returns the new total (written in a batch later). */
export async function countPostView(deps: AppDeps, slug: string): Promise<number> {
  const [row] = await deps.prisma.$queryRaw<{ id: number; view_count: number }[]>`
    SELECT p."id", ${storedViewsSql('p')} AS "view_count" FROM "posts" p WHERE p."slug" = ${slug} AND ${isPublished} LIMIT 1`
  if (!row) throw new NotFoundError(messages.posts.notFoundText)
  const id = Number(row.id)
  deps.views.count(id)
  return Number(row.view_count) + deps.views.pending(id)
}

/** A published post by slug without counting a view (server-rendered <head>, feeds). */
export async function findPublishedPost(deps: AppDeps, slug: string): Promise<PublicPost | null> {
  // Callers outside tRPC (the page heads) pass URL text as it came: the input policy applies here too.
  if (!postBySlugInput.safeParse({ slug }).success) return null
  return publicPostBySlug(deps.prisma, slug, (id) => deps.views.pending(id))
}

/** A published post by slug and its coordinates (a story page's head), without counting a view. */
export async function findPublishedStory(
  deps: AppDeps,
  slug: string,
): Promise<{ post: PublicPost; coordinates: StoryCoordinates | null } | null> {
  if (!postBySlugInput.safeParse({ slug }).success) return null
  return publicStoryBySlug(deps.prisma, slug, (id) => deps.views.pending(id))
}

/** The newest published posts, for the RSS feed and the home page's head. */
export async function latestPublishedPosts(deps: AppDeps, take: number): Promise<PublicPost[]> {
  return (await publicPostPage(deps.prisma, {}, take, 0, (id) => deps.views.pending(id))).rows
}

/** Slug and last change of every published post, newest first (sitemap lastmod). */
export function publishedPostDates(deps: AppDeps): Promise<{ slug: string; updated_at: string }[]> {
  return readPublishedPostDates(deps.prisma)
}
