import { z } from 'zod'
import { messages } from '../messages'
import { pagination } from './public-schema'

export const postStatuses = ['draft', 'published', 'archived'] as const
export const postStatus = z.enum(postStatuses, { error: 'Status must be draft, published or archived' })
export type PostStatusValue = z.infer<typeof postStatus>

/** SPEC.md §3 "Post (admin list)". */
export const adminPostListItem = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  status: postStatus,
  category_name: z.string().nullable(),
  category_color: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  view_count: z.number(),
  comment_count: z.number(),
  /** ISO 8601. */
  updated_at: z.string(),
})
export type AdminPostListItem = z.infer<typeof adminPostListItem>

export const ADMIN_POSTS_PAGE_SIZE = 10

export const adminPostsInput = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(ADMIN_POSTS_PAGE_SIZE),
    status: postStatus.optional(),
    search: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((v) => v || undefined),
  })
  .prefault({})
export type AdminPostsInput = z.input<typeof adminPostsInput>

export const adminPostsOutput = z.object({ posts: z.array(adminPostListItem), pagination })

/** The post as the edit form loads it: SPEC.md §3 "Post (form)", tags as objects with id. */
export const adminPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  status: postStatus,
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  featured_image: z.string().nullable(),
  featured_image_alt: z.string().nullable(),
  location_name: z.string().nullable(),
  location_region: z.string().nullable(),
  location_country: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.array(z.string()),
  reading_time: z.number(),
  view_count: z.number(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdminPost = z.infer<typeof adminPost>

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null)

// Forms send '' for "no category"; REST clients may send numbers as strings.
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number().int().positive().nullable(),
)

/** SPEC.md §3 "Post (form)" as create and update receive it. */
const postFields = {
  title: z.string({ error: messages.posts.titleRequired }).trim().min(1, messages.posts.titleRequired).max(200, 'Title must be at most 200 characters'),
  content: z.string({ error: messages.posts.contentRequired }).trim().min(1, messages.posts.contentRequired).max(500_000, 'Content is too long'),
  excerpt: z.string().trim().max(1000, 'Excerpt must be at most 1000 characters').nullish().transform((v) => v ?? ''),
  category_id: optionalId.optional(),
  tags: z.array(z.coerce.number().int().positive()).max(50).optional(),
  featured_image: optionalText(2000),
  featured_image_alt: optionalText(300),
  location_name: optionalText(200),
  location_region: optionalText(200),
  location_country: optionalText(200),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  meta_keywords: z
    .union([z.array(z.string().trim().max(100)), z.string().max(2000)])
    .optional()
    .transform((v) => (v === undefined ? undefined : (typeof v === 'string' ? v.split(',') : v).map((k) => k.trim()).filter(Boolean).slice(0, 30))),
}

export const createPostInput = z.object({ ...postFields, status: postStatus.default('draft') })
export type CreatePostInput = z.input<typeof createPostInput>
export type CreatePostData = z.output<typeof createPostInput>

/** Update: the same body as create; status only when a change is requested. */
export const updatePostInput = z.object({ id: z.number().int().positive(), ...postFields, status: postStatus.optional() })
export type UpdatePostInput = z.input<typeof updatePostInput>
export type UpdatePostData = z.output<typeof updatePostInput>

export const postIdInput = z.object({ id: z.number().int().positive() })
