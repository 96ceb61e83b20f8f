import { z } from 'zod'
import { messages } from '../messages'
import { id, MAX_INT, pageNumber, pageSize, searchText, text } from '../input-policy'
import { isSafeImageUrl } from '../media/image-url'
import { pagination } from './public-schema'
import { ADMIN_POSTS_PAGE_SIZE } from '../limits'
import { postStatuses } from '../statuses'
import { placeMessages, pointIsComplete, postPlaceFields } from '../places/schema'

export { postStatuses } from '../statuses'
export const postStatus = z.enum(postStatuses, { error: 'Status must be draft, published, archived or scheduled' })
export type PostStatusValue = z.infer<typeof postStatus>

/** A row of the owner's posts list (docs/product.md, "Posts"). */
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
  /** ISO 8601: when it went out, or for a scheduled post when it goes out; null for a draft never published. */
  published_at: z.string().nullable(),
})
export type AdminPostListItem = z.infer<typeof adminPostListItem>

export { ADMIN_POSTS_PAGE_SIZE } from '../limits'

export const adminPostsInput = z
  .object({
    page: pageNumber(),
    limit: pageSize(100).default(ADMIN_POSTS_PAGE_SIZE),
    status: postStatus.optional(),
    search: searchText(),
  })
  .prefault({})
export type AdminPostsInput = z.input<typeof adminPostsInput>

export const adminPostsOutput = z.object({ posts: z.array(adminPostListItem), pagination })

/** The post as the edit form loads it, tags as objects with id. */
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
  location_city: z.string().nullable(),
  location_region: z.string().nullable(),
  location_country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country_code: z.string().nullable(),
  trip_id: z.number().nullable(),
  happened_at: z.string().nullable(),
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

/**
 * On save an empty meta title becomes the title and an empty meta description the excerpt. The
 * editor applies it before sending (so the REST body is as docs/product.md says) and the server again on every save.
 */
export function withMetaDefaults(post: {
  title: string
  excerpt?: string | null
  meta_title?: string | null
  meta_description?: string | null
}) {
  return {
    meta_title: post.meta_title?.trim() || post.title,
    meta_description: post.meta_description?.trim() || post.excerpt || null,
  }
}

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null)

// Forms send '' for "no category"; REST clients may send numbers as strings.
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number().int().positive().max(MAX_INT, 'Category id is out of range').nullable(),
)

/** The editor's post as create and update receive it (tags as ids). */
const postFields = {
  title: text('Title', { error: messages.posts.titleRequired })
    .trim()
    .min(1, messages.posts.titleRequired)
    .max(200, 'Title must be at most 200 characters'),
  content: text('Content', { error: messages.posts.contentRequired })
    .trim()
    .min(1, messages.posts.contentRequired)
    .max(500_000, 'Content is too long'),
  excerpt: text('Excerpt')
    .trim()
    .max(1000, 'Excerpt must be at most 1000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  category_id: optionalId.optional(),
  tags: z
    .array(z.coerce.number().pipe(id('Tag id')))
    .max(50)
    .optional(),
  featured_image: optionalText(2000).refine((url) => url === null || isSafeImageUrl(url), messages.posts.badImageUrl),
  featured_image_alt: optionalText(300),
  location_name: optionalText(200),
  location_city: optionalText(200).optional(),
  location_region: optionalText(200),
  location_country: optionalText(200),
  ...postPlaceFields,
  /** The trip the story belongs to (null: none; absent: unchanged on update). */
  trip_id: id('Trip id').nullable().optional(),
  /** When the story happened, if not when it is published (its day in the trip); null: the publish time counts. */
  happened_at: z.iso
    .datetime({ offset: true, error: 'When it happened must be a date and time such as 2026-03-12T18:30:00Z' })
    .nullable()
    .optional(),
  /**
   * Whether publishing (now or when a schedule comes due) e-mails the story to the followers; absent: it does.
   * Only the first publication mails; editing a story that is out already never does.
   */
  email_followers: z.boolean().optional(),
  meta_title: optionalText(200),
  meta_description: optionalText(500),
  meta_keywords: z
    .union([z.array(text('Keyword').trim().max(100)), text('Keywords').max(2000)])
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : (typeof v === 'string' ? v.split(',') : v)
            .map((k) => k.trim())
            .filter(Boolean)
            .slice(0, 30),
    ),
}

const completePoint = { message: placeMessages.pointIncomplete }

export const SCHEDULE_IN_PAST = 'Choose a date and time in the future to schedule the post'

/** When a scheduled post goes public: an ISO 8601 date-time (with offset), required with status "scheduled". */
const publishAt = text('Publish time')
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v), {
    message: 'Publish time must be a date and time',
  })
  .nullish()
  .transform((v) => (v ? new Date(v) : null))

export const createPostInput = z
  .object({ ...postFields, status: postStatus.default('draft'), published_at: publishAt })
  .refine((p) => p.status !== 'scheduled' || p.published_at, { message: SCHEDULE_IN_PAST, path: ['published_at'] })
  .refine(pointIsComplete, completePoint)
export type CreatePostInput = z.input<typeof createPostInput>
export type CreatePostData = z.output<typeof createPostInput>

/** Update: the same body as create; status only when a change is requested. */
export const updatePostInput = z
  .object({ id: id('Post id'), ...postFields, status: postStatus.optional(), published_at: publishAt })
  .refine((p) => p.status !== 'scheduled' || p.published_at, { message: SCHEDULE_IN_PAST, path: ['published_at'] })
  .refine(pointIsComplete, completePoint)
/**
 * The editor's autosave: the update's body (a status is ignored: an autosave never changes it) and the revision
 * the editor's previous autosave wrote, which this one may replace.
 */
export const autosavePostInput = z
  .object({
    id: id('Post id'),
    ...postFields,
    status: postStatus.optional(),
    published_at: publishAt,
    revision_id: id('Revision id').optional(),
  })
  .refine(pointIsComplete, completePoint)
export type AutosavePostData = z.output<typeof autosavePostInput>
export type UpdatePostInput = z.input<typeof updatePostInput>
export type UpdatePostData = z.output<typeof updatePostInput>

export const postIdInput = z.object({ id: id('Post id') })
