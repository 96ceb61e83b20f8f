import type { Prisma } from '@wayfarer/db'
import type { AdminPost, AdminPostListItem } from './admin-schema'

/** What the admin list needs from a post row. */
export const adminListInclude = {
  category: { select: { name: true, color: true } },
  author: { select: { firstName: true, lastName: true } },
  _count: { select: { comments: true } },
  views: { select: { count: true } },
} satisfies Prisma.PostInclude

export const adminPostInclude = {
  category: { select: { name: true } },
  tags: { select: { tag: { select: { id: true, name: true } } }, orderBy: { tag: { name: 'asc' } } },
  views: { select: { count: true } },
} satisfies Prisma.PostInclude

export function toAdminListItem(row: Prisma.PostGetPayload<{ include: typeof adminListInclude }>): AdminPostListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    status: row.status,
    category_name: row.category?.name ?? null,
    category_color: row.category?.color ?? null,
    first_name: row.author.firstName,
    last_name: row.author.lastName,
    view_count: row.views?.count ?? 0,
    comment_count: row._count.comments,
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  }
}

export function toAdminPost(row: Prisma.PostGetPayload<{ include: typeof adminPostInclude }>): AdminPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status,
    category_id: row.categoryId,
    category_name: row.category?.name ?? null,
    tags: row.tags.map((t) => t.tag),
    featured_image: row.featuredImage,
    featured_image_alt: row.featuredImageAlt,
    location_name: row.locationName,
    location_city: row.locationCity,
    location_region: row.locationRegion,
    location_country: row.locationCountry,
    latitude: row.latitude,
    longitude: row.longitude,
    country_code: row.countryCode,
    trip_id: row.tripId,
    happened_at: row.happenedAt?.toISOString() ?? null,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    meta_keywords: row.metaKeywords,
    reading_time: row.readingTime,
    view_count: row.views?.count ?? 0,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
