import { z } from 'zod'
import { pageNumber, pageSize, text } from '../input-policy'
import { publicCategory } from '../taxonomy/schema'
import { POST_CARDS_MAX_PAGE_SIZE, POST_CARDS_PAGE_SIZE } from '../limits'

/** A published post as visitors (and the REST adapter) see it: snake_case (docs/product.md, "The REST contract"). */
export const publicPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** HTML, sanitised when it was stored. */
  content: z.string(),
  featured_image: z.string().nullable(),
  featured_image_alt: z.string().nullable(),
  category_name: z.string().nullable(),
  category_color: z.string().nullable(),
  /** Minutes. */
  reading_time: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  location_name: z.string().nullable(),
  location_city: z.string().nullable(),
  location_country: z.string().nullable(),
  /** ISO 8601. */
  published_at: z.string().nullable(),
  created_at: z.string(),
  view_count: z.number(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
})
export type PublicPost = z.infer<typeof publicPost>

/** The pagination object of post lists: page, limit, total, pages. */
export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() })
export type Pagination = z.infer<typeof pagination>

const optionalText = (max: number, label: string) =>
  text(label)
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined))

/** The largest page of `posts.published`. */
export const MAX_PAGE_SIZE = 100

export const publishedPostsInput = z
  .object({
    /** Page size; without it the REST path streams every published post with its body (the blog list). */
    limit: pageSize(MAX_PAGE_SIZE).optional(),
    page: pageNumber(),
    /** A category slug (footer links) or its exact name (chips). */
    category: optionalText(100, 'Category'),
    search: optionalText(200, 'Search'),
    /** With a page size the stories come without their bodies (a page of a list shows no body) unless asked. */
    include: z.enum(['content'], { error: 'include must be content' }).optional(),
  })
  .prefault({})
export type PublishedPostsInput = z.input<typeof publishedPostsInput>
export type PublishedPostsQuery = z.output<typeof publishedPostsInput>

/** A listed story: the public post, its body left out of pages unless asked for (`include=content`). */
export const listedPost = publicPost.partial({ content: true })
export const publishedPostsOutput = z.object({ posts: z.array(listedPost), pagination })
export type PublishedPostsOutput = z.infer<typeof publishedPostsOutput>

export const postBySlugInput = z.object({ slug: text('Slug').trim().min(1).max(200) })

/**
 * A story card: what a list of stories shows for each post (blog list, home page). The public post's fields
 * without the body, author, tags, views and SEO fields, so a page of cards stays a few kilobytes.
 */
export const postCard = publicPost.pick({
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  featured_image: true,
  featured_image_alt: true,
  category_name: true,
  category_color: true,
  reading_time: true,
  location_name: true,
  location_country: true,
  published_at: true,
  created_at: true,
})
export type PostCard = z.infer<typeof postCard>

export { POST_CARDS_PAGE_SIZE, POST_CARDS_MAX_PAGE_SIZE } from '../limits'

/**
 * `posts.cards`: one page of story cards for the blog list. `cursor` is the page number: the web app reads this
 * list as a tRPC infinite query, which sends the next page under that name ("Load more" asks for page + 1). `search` keeps
 * the documented blog search (case-insensitive match on title, excerpt, location name, location country or
 * category name; full-text matches too, best first); `category` is a category slug or its exact name.
 */
export const postCardsInput = z
  .object({
    search: optionalText(200, 'Search'),
    category: optionalText(100, 'Category'),
    cursor: pageNumber(),
    limit: pageSize(POST_CARDS_MAX_PAGE_SIZE).default(POST_CARDS_PAGE_SIZE),
  })
  .prefault({})
export type PostCardsInput = z.input<typeof postCardsInput>
export type PostCardsQuery = z.output<typeof postCardsInput>

export const postCardsOutput = z.object({
  /** The requested page, best match first when searching, otherwise newest first. */
  cards: z.array(postCard),
  /** `total` counts the posts matching search and category; `pages` is at least 1. */
  pagination,
  /** Every category with its number of published posts (the filter chips), by name. */
  categories: z.array(publicCategory),
  /** All published posts (the "All" chip), whatever the search or category. */
  published_total: z.number(),
})
export type PostCardsOutput = z.infer<typeof postCardsOutput>

export const postViewOutput = z.object({ view_count: z.number() })
