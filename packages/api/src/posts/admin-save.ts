import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { InvalidInputError, NotFoundError } from '../errors'
import { messages } from '../messages'
import { slugify } from '../slug'
import type { CreatePostData, UpdatePostData } from './admin-schema'
import { sanitizePostHtml } from './sanitize'

const WORDS_PER_MINUTE = 200

export const textOf = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

export const readingTimeOf = (html: string): number => Math.max(1, Math.ceil(textOf(html).split(' ').filter(Boolean).length / WORDS_PER_MINUTE))

/**
 * A slug from the title that no other post uses: "nepal", then "nepal-2", "nepal-3"… `skip` passes over that
 * many free candidates, so saves retrying after a collision spread out instead of colliding again.
 */
async function uniqueSlug(prisma: PrismaClient, title: string, exceptId?: number, skip = 0): Promise<string> {
  const base = slugify(title) || 'post'
  const taken = new Set(
    (await prisma.post.findMany({ where: { slug: { startsWith: base }, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { slug: true } })).map(
      (p) => p.slug,
    ),
  )
  let free = 0
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!taken.has(candidate) && free++ === skip) return candidate
  }
}

// Uploaded images are site-relative (/media/…) or on the image host; anything else must be a web address.
function checkImageUrl(url: string | null): string | null {
  if (url === null) return null
  if (/^\/(?!\/)/.test(url)) return url
  if (URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol)) return url
  throw new InvalidInputError(messages.posts.badImageUrl)
}

async function checkReferences(prisma: PrismaClient, categoryId: number | null | undefined, tagIds: number[] | undefined) {
  if (categoryId && !(await prisma.category.findUnique({ where: { id: categoryId }, select: { id: true } }))) {
    throw new InvalidInputError(messages.posts.unknownCategory)
  }
  const unique = [...new Set(tagIds ?? [])]
  if (unique.length && (await prisma.tag.count({ where: { id: { in: unique } } })) !== unique.length) {
    throw new InvalidInputError(messages.posts.unknownTag)
  }
  return unique
}

/** The stored form of the fields both create and update receive; meta fields default as SPEC.md §5 says. */
function contentFields(input: CreatePostData | UpdatePostData) {
  const content = sanitizePostHtml(input.content)
  if (!textOf(content) && !/<img\b/i.test(content)) throw new InvalidInputError(messages.posts.contentRequired)
  return {
    title: input.title,
    content,
    excerpt: input.excerpt,
    readingTime: readingTimeOf(content),
    featuredImage: checkImageUrl(input.featured_image),
    featuredImageAlt: input.featured_image_alt,
    locationName: input.location_name,
    locationRegion: input.location_region,
    locationCountry: input.location_country,
    metaTitle: input.meta_title ?? input.title,
    metaDescription: input.meta_description ?? (input.excerpt || null),
    ...(input.meta_keywords ? { metaKeywords: input.meta_keywords } : {}),
  } satisfies Prisma.PostUncheckedUpdateInput
}

// Two saves with the same title can pick the same free slug at once; the unique index refuses the second,
// which then looks again.
const SLUG_ATTEMPTS = 8
const isUniqueViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002'

async function withFreshSlug<T>(save: (skip: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save(attempt === 1 ? 0 : Math.floor(Math.random() * attempt * 2))
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error
    }
  }
}

export async function createPost(deps: AppDeps, authorId: number, input: CreatePostData): Promise<{ id: number; slug: string }> {
  const { prisma } = deps
  const tagIds = await checkReferences(prisma, input.category_id, input.tags)
  const fields = contentFields(input)
  return withFreshSlug(async (skip) =>
    prisma.post.create({
      data: {
        ...fields,
        slug: await uniqueSlug(prisma, input.title, undefined, skip),
        status: input.status,
        authorId,
        categoryId: input.category_id ?? null,
        publishedAt: input.status === 'published' ? deps.now() : null,
        tags: { create: tagIds.map((tagId) => ({ tagId })) },
      },
      select: { id: true, slug: true },
    }),
  )
}

export async function updatePost(deps: AppDeps, input: UpdatePostData): Promise<{ id: number; slug: string }> {
  const { prisma } = deps
  const existing = await prisma.post.findUnique({ where: { id: input.id }, select: { title: true, slug: true, publishedAt: true } })
  if (!existing) throw new NotFoundError(messages.posts.missing)
  const tagIds = await checkReferences(prisma, input.category_id, input.tags)
  const fields = contentFields(input)
  const publishing = input.status === 'published' && !existing.publishedAt
  return withFreshSlug(async (skip) => {
    // Once a post has been published its address may be shared, so its slug never changes again.
    const slug = existing.publishedAt || input.title === existing.title ? existing.slug : await uniqueSlug(prisma, input.title, input.id, skip)
    return prisma.$transaction(async (tx) => {
      if (input.tags) await tx.postTag.deleteMany({ where: { postId: input.id } })
      return tx.post.update({
        where: { id: input.id },
        data: {
          ...fields,
          slug,
          ...(input.status ? { status: input.status } : {}),
          ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
          ...(publishing ? { publishedAt: deps.now() } : {}),
          ...(input.tags ? { tags: { create: tagIds.map((tagId) => ({ tagId })) } } : {}),
        },
        select: { id: true, slug: true },
      })
    })
  })
}
