import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { sanitizePostHtml } from './sanitize'
import type { PublicPost } from './public-schema'
import { readPreviewToken, signPreviewToken } from './preview-token'
import type { StoryPlace, StoryRoute } from '../places/schema'
import { anyStoryPlace } from '../places/story-place'
import { anyStoryRoute } from '../places/story-route'

const previewInclude = {
  category: { select: { name: true, color: true } },
  author: { select: { firstName: true, lastName: true } },
  tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tag: { name: 'asc' } } },
  views: { select: { count: true } },
} satisfies Prisma.PostInclude

/** A signed, expiring link to see a post (a draft too) as the public story page shows it. */
export async function createPreviewLink(deps: AppDeps, postId: number) {
  const post = await deps.prisma.post.findUnique({ where: { id: postId }, select: { id: true, slug: true } })
  if (!post) throw new NotFoundError(messages.posts.notFound)
  const { token, expiresAt } = signPreviewToken(deps.config.secretKey, post.id, deps.now())
  return { token, url: `/blog/${encodeURIComponent(post.slug)}?preview=${token}`, expires_at: expiresAt.toISOString() }
}

export const PREVIEW_EXPIRED = 'This preview link has expired. Open View on the posts list again.'
export const PREVIEW_INVALID = 'This preview link is not valid.'

/**
 * The post a preview token was made for, whatever its status, in the public shape. Nothing is counted and
 * nothing is cached: the caller is the signed-in owner, and the page is never indexed.
 */
export async function readPreview(deps: AppDeps, token: string): Promise<PublicPost> {
  const row = await deps.prisma.post.findUnique({
    where: { id: previewedPostId(deps, token) },
    include: previewInclude,
  })
  if (!row) throw new NotFoundError(messages.posts.notFound)
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: sanitizePostHtml(row.content),
    featured_image: row.featuredImage,
    featured_image_alt: row.featuredImageAlt,
    category_name: row.category?.name ?? null,
    category_color: row.category?.color ?? null,
    reading_time: row.readingTime,
    first_name: row.author.firstName,
    last_name: row.author.lastName,
    location_name: row.locationName,
    location_city: row.locationCity,
    location_country: row.locationCountry,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    view_count: row.views?.count ?? 0,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    tags: row.tags.map((t) => t.tag),
  }
}

/**
 * The previewed post's place and route, whatever its status, as the public story page shows them below a
 * published story. The public places.story and places.storyRoute keep answering 404 for a draft.
 */
export async function readPreviewPlace(
  deps: AppDeps,
  token: string,
): Promise<{ place: StoryPlace; route: StoryRoute | null }> {
  const postId = previewedPostId(deps, token)
  const [place, route] = await Promise.all([anyStoryPlace(deps, postId), anyStoryRoute(deps, postId)])
  return { place, route }
}

function previewedPostId(deps: AppDeps, token: string): number {
  const read = readPreviewToken(deps.config.secretKey, token, deps.now())
  if ('problem' in read) throw new NotFoundError(read.problem === 'expired' ? PREVIEW_EXPIRED : PREVIEW_INVALID)
  return read.postId
}

/** For the server's page head: the previewed post's title, or null when the token does not open one. */
export async function previewTitle(deps: AppDeps, token: string): Promise<string | null> {
  const read = readPreviewToken(deps.config.secretKey, token, deps.now())
  if ('problem' in read) return null
  const row = await deps.prisma.post.findUnique({ where: { id: read.postId }, select: { title: true } })
  return row?.title ?? null
}
