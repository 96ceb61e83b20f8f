import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { sanitizePostHtml } from './sanitize'
import { searchPublishedPostIds } from './public-search'
import type { PublicPost, PublishedPostsOutput, PublishedPostsQuery } from './public-schema'

const include = {
  category: { select: { name: true, color: true } },
  author: { select: { firstName: true, lastName: true } },
  tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tag: { name: 'asc' } } },
} satisfies Prisma.PostInclude

type PostRow = Prisma.PostGetPayload<{ include: typeof include }>

// Only drafts and archived posts are hidden: everything public filters on this.
const published = { status: 'published' } as const satisfies Prisma.PostWhereInput

// A stored image URL is shown as-is only when it is http(s) or site-relative; anything else (javascript:,
// data:) would be an injection vector in src/og:image.
const safeImageUrl = (url: string | null): string | null =>
  url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null

export function toPublicPost(row: PostRow): PublicPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: sanitizePostHtml(row.content),
    featured_image: safeImageUrl(row.featuredImage),
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
    view_count: row.viewCount,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    tags: row.tags.map((t) => t.tag),
  }
}

const newestFirst = [{ publishedAt: 'desc' }, { id: 'desc' }] satisfies Prisma.PostOrderByWithRelationInput[]

/** Published posts, newest first (or best match first when searching), one page at a time. */
export async function listPublishedPosts(deps: AppDeps, input: PublishedPostsQuery): Promise<PublishedPostsOutput> {
  const { prisma } = deps
  const page = input.page
  let rows: PostRow[]
  let total: number
  if (input.search) {
    const ids = await searchPublishedPostIds(prisma, input.search, input.category)
    total = ids.length
    const pageIds = input.limit ? ids.slice((page - 1) * input.limit, page * input.limit) : ids
    const found = await prisma.post.findMany({ where: { id: { in: pageIds }, ...published }, include })
    const byId = new Map(found.map((r) => [r.id, r]))
    rows = pageIds.flatMap((id) => byId.get(id) ?? [])
  } else {
    const where: Prisma.PostWhereInput = input.category
      ? { ...published, category: { OR: [{ slug: input.category }, { name: input.category }] } }
      : published
    ;[rows, total] = await Promise.all([
      prisma.post.findMany({
        where,
        include,
        orderBy: newestFirst,
        ...(input.limit ? { take: input.limit, skip: (page - 1) * input.limit } : {}),
      }),
      prisma.post.count({ where }),
    ])
  }
  const limit = input.limit ?? Math.max(total, 1)
  return {
    posts: rows.map(toPublicPost),
    pagination: { page: input.limit ? page : 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  }
}

/** A published post by its slug; each call counts one view. */
export async function readPublishedPost(deps: AppDeps, slug: string): Promise<PublicPost> {
  const { count } = await deps.prisma.post.updateMany({ where: { slug, ...published }, data: { viewCount: { increment: 1 } } })
  if (count === 0) throw new NotFoundError(messages.posts.notFoundText)
  return toPublicPost(await deps.prisma.post.findFirstOrThrow({ where: { slug, ...published }, include }))
}

/** A published post by slug without counting a view (server-rendered <head>, feeds). */
export async function findPublishedPost(deps: AppDeps, slug: string): Promise<PublicPost | null> {
  const row = await deps.prisma.post.findFirst({ where: { slug, ...published }, include })
  return row ? toPublicPost(row) : null
}

/** The newest published posts (all when `take` is absent), for the RSS feed and the sitemap. */
export async function latestPublishedPosts(deps: AppDeps, take?: number): Promise<PublicPost[]> {
  const rows = await deps.prisma.post.findMany({ where: published, include, orderBy: newestFirst, ...(take ? { take } : {}) })
  return rows.map(toPublicPost)
}

/** Slug and last change of every published post, newest first (sitemap lastmod). */
export async function publishedPostDates(deps: AppDeps): Promise<{ slug: string; updated_at: string }[]> {
  const rows = await deps.prisma.post.findMany({ where: published, select: { slug: true, updatedAt: true }, orderBy: newestFirst })
  return rows.map((r) => ({ slug: r.slug, updated_at: r.updatedAt.toISOString() }))
}
