import { z } from 'zod'

/** A published post as visitors (and the REST adapter) see it: SPEC.md §3 "Post (public)", snake_case. */
export const publicPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Sanitised HTML. */
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

/** SPEC.md §3 pagination object of post lists. */
export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() })
export type Pagination = z.infer<typeof pagination>

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined))

export const publishedPostsInput = z
  .object({
    /** Page size; without it every published post is returned (the blog list). */
    limit: z.number().int().min(1).max(100).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    /** A category slug (footer links) or its exact name (chips). */
    category: optionalText(100),
    search: optionalText(200),
  })
  .prefault({})
export type PublishedPostsInput = z.input<typeof publishedPostsInput>
export type PublishedPostsQuery = z.output<typeof publishedPostsInput>

export const publishedPostsOutput = z.object({ posts: z.array(publicPost), pagination })
export type PublishedPostsOutput = z.infer<typeof publishedPostsOutput>

export const postBySlugInput = z.object({ slug: z.string().trim().min(1).max(200) })
