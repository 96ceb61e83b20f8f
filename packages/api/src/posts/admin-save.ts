import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { InvalidInputError, isUniqueViolation, NotFoundError } from '../errors'
import { messages } from '../messages'
import { slugify } from '../slug'
import { SCHEDULE_IN_PAST, type AutosavePostData, type CreatePostData, type UpdatePostData } from './admin-schema'
import { sanitizePostHtml } from './sanitize'
import { hasStoryContent, readingTimeOf } from './story-text'
import { withMetaDefaults } from './admin-schema'
import { countryCodeFromText } from '../places/countries'
import { roundCoordinate } from '../places/precision'
import { checkStoryTrip } from '../trips/story-fit'
import { autosaveRevisionOnly, recordRevision, revisionData } from './revisions'
import type { AutosaveOutput } from './revision-schema'

/** Slug candidates looked up per statement. */
const SLUG_CANDIDATES = 20

/**
 * A slug from the title that nothing else uses: "nepal", then "nepal-2", "nepal-3"… `taken` says which of a batch
 * of candidates are in use; `skip` passes over that many free candidates, so saves retrying after a collision
 * spread out instead of colliding again. Candidates are looked up by equality (`slug IN (…)`, the unique index)
 * in batches; a prefix LIKE cannot use that index under a non-C collation and scanned every row.
 */
export async function freeSlug(
  title: string,
  fallback: string,
  taken: (candidates: string[]) => Promise<Set<string>>,
  skip = 0,
): Promise<string> {
  const base = slugify(title) || fallback
  let free = 0
  for (let first = 1; ; first += SLUG_CANDIDATES) {
    const candidates = Array.from({ length: SLUG_CANDIDATES }, (_, i) =>
      first + i === 1 ? base : `${base}-${first + i}`,
    )
    const used = await taken(candidates)
    for (const candidate of candidates) if (!used.has(candidate) && free++ === skip) return candidate
  }
}

/** A post slug from the title that no other post uses. */
export const uniqueSlug = (prisma: PrismaClient, title: string, exceptId?: number, skip = 0): Promise<string> =>
  freeSlug(
    title,
    'post',
    async (candidates) =>
      new Set(
        (
          await prisma.post.findMany({
            where: { slug: { in: candidates }, ...(exceptId ? { id: { not: exceptId } } : {}) },
            select: { slug: true },
          })
        ).map((p) => p.slug),
      ),
    skip,
  )

async function checkReferences(
  prisma: PrismaClient,
  categoryId: number | null | undefined,
  tagIds: number[] | undefined,
) {
  if (categoryId && !(await prisma.category.findUnique({ where: { id: categoryId }, select: { id: true } }))) {
    throw new InvalidInputError(messages.posts.unknownCategory)
  }
  const unique = [...new Set(tagIds ?? [])]
  if (unique.length && (await prisma.tag.count({ where: { id: { in: unique } } })) !== unique.length) {
    throw new InvalidInputError(messages.posts.unknownTag)
  }
  return unique
}

/**
 * The story's place: the point rounded to LOCATION_PRECISION (absent: unchanged, null: cleared), and the country
 * code as sent or, when none is sent, the country the location text names.
 */
function placeFields(deps: AppDeps, input: CreatePostData | UpdatePostData) {
  const round = (v: number | null) => (v === null ? null : roundCoordinate(v, deps.places.precision))
  return {
    ...(input.location_city !== undefined ? { locationCity: input.location_city } : {}),
    ...(input.latitude !== undefined ? { latitude: round(input.latitude) } : {}),
    ...(input.trip_id !== undefined ? { tripId: input.trip_id } : {}),
    ...(input.happened_at !== undefined
      ? { happenedAt: input.happened_at === null ? null : new Date(input.happened_at) }
      : {}),
    ...(input.longitude !== undefined ? { longitude: round(input.longitude) } : {}),
    countryCode: input.country_code ?? countryCodeFromText(input.location_country),
  } satisfies Prisma.PostUncheckedUpdateInput
}

/** The stored form of the fields both create and update receive; an empty SEO title becomes the title and an empty SEO description the excerpt. */
function contentFields(input: CreatePostData | UpdatePostData) {
  const content = sanitizePostHtml(input.content)
  const meta = withMetaDefaults(input)
  if (!hasStoryContent(content)) throw new InvalidInputError(messages.posts.contentRequired)
  return {
    title: input.title,
    content,
    excerpt: input.excerpt,
    readingTime: readingTimeOf(content),
    featuredImage: input.featured_image,
    featuredImageAlt: input.featured_image_alt,
    locationName: input.location_name,
    locationRegion: input.location_region,
    locationCountry: input.location_country,
    metaTitle: meta.meta_title,
    metaDescription: meta.meta_description,
    ...(input.meta_keywords ? { metaKeywords: input.meta_keywords } : {}),
  } satisfies Prisma.PostUncheckedUpdateInput
}

// Two saves with the same title can pick the same free slug at once; the unique index refuses the second,
// which then looks again.
const SLUG_ATTEMPTS = 8

export async function withFreshSlug<T>(save: (skip: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save(attempt === 1 ? 0 : Math.floor(Math.random() * attempt * 2))
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error
    }
  }
}

// A scheduled time must still be ahead when the save arrives.
function scheduledTime(deps: AppDeps, at: Date | null): Date {
  if (!at || at.getTime() <= deps.now().getTime()) throw new InvalidInputError(SCHEDULE_IN_PAST)
  return at
}

/** How a save came about: the editor's autosave keeps fewer revisions (revisions.ts). */
interface SaveOptions {
  autosave?: boolean
  /** The autosave revision the editor wrote last (see recordRevision). */
  replaces?: number | undefined
}

export async function createPost(
  deps: AppDeps,
  authorId: number,
  input: CreatePostData,
  options: SaveOptions = {},
): Promise<{ id: number; slug: string }> {
  const { prisma } = deps
  const publishedAt =
    input.status === 'published'
      ? deps.now()
      : input.status === 'scheduled'
        ? scheduledTime(deps, input.published_at)
        : null
  const tagIds = await checkReferences(prisma, input.category_id, input.tags)
  const fields = { ...contentFields(input), ...placeFields(deps, input) }
  await checkStoryTrip(prisma, input.trip_id ?? null, { title: input.title, at: fields.happenedAt ?? publishedAt })
  return withFreshSlug(async (skip) =>
    prisma.post.create({
      data: {
        ...fields,
        slug: await uniqueSlug(prisma, input.title, undefined, skip),
        status: input.status,
        authorId,
        categoryId: input.category_id ?? null,
        publishedAt,
        mailFollowers: input.status !== 'draft' && input.email_followers !== false,
        tags: { create: tagIds.map((tagId) => ({ tagId })) },
        // The first version of the story's history, written in the same statement as the post.
        revisions: { create: { ...revisionData(fields, options.autosave ?? false), createdAt: deps.now() } },
      },
      select: { id: true, slug: true },
    }),
  ).finally(() => {
    if (input.status === 'scheduled') deps.scheduler?.wake()
    if (input.status === 'published') deps.mail?.wake()
  })
}

/**
 * published_at after an update. Publishing keeps the first publication date of a post that was public before,
 * and is "now" otherwise (a scheduled post published early too); scheduling takes the chosen time; taking a
 * scheduled post back to draft forgets its time. Saving without a status change can move a scheduled time.
 */
function publicationTime(
  deps: AppDeps,
  existing: { status: string; publishedAt: Date | null },
  input: UpdatePostData,
): Date | null | undefined {
  const status = input.status ?? existing.status
  const wasPublic = existing.publishedAt !== null && existing.status !== 'scheduled'
  if (status === 'published') return existing.status === 'published' || wasPublic ? undefined : deps.now()
  if (status === 'scheduled')
    return input.published_at || input.status === 'scheduled' ? scheduledTime(deps, input.published_at) : undefined
  return existing.status === 'scheduled' ? null : undefined
}

/**
 * Whether the followers get the story by mail: decided when it goes out for the first time (published now or
 * scheduled) and while it waits for its time; a story that was out already is never mailed again.
 */
function mailChoice(
  existingStatus: string,
  input: UpdatePostData,
  publishedAt: Date | null | undefined,
): { mailFollowers?: boolean } {
  const status = input.status ?? existingStatus
  if (publishedAt && status !== 'draft') return { mailFollowers: input.email_followers !== false }
  if (status === 'scheduled' && input.email_followers !== undefined) return { mailFollowers: input.email_followers }
  return {}
}

export async function updatePost(
  deps: AppDeps,
  input: UpdatePostData,
  options: SaveOptions = {},
): Promise<{ id: number; slug: string; revisionId: number }> {
  const { prisma } = deps
  const existing = await prisma.post.findUnique({
    where: { id: input.id },
    select: { title: true, slug: true, publishedAt: true, status: true, tripId: true, happenedAt: true },
  })
  if (!existing) throw new NotFoundError(messages.posts.missing)
  const tagIds = await checkReferences(prisma, input.category_id, input.tags)
  const fields = { ...contentFields(input), ...placeFields(deps, input) }
  const publishedAt = publicationTime(deps, existing, input)
  // The story must still lie within its trip's dates once saved (a new date, a first publication, another trip).
  const happenedAt = fields.happenedAt === undefined ? existing.happenedAt : fields.happenedAt
  await checkStoryTrip(prisma, fields.tripId === undefined ? existing.tripId : fields.tripId, {
    title: input.title,
    at: happenedAt ?? (publishedAt === undefined ? existing.publishedAt : publishedAt),
  })
  const wasPublic = existing.publishedAt !== null && existing.publishedAt <= deps.now()
  const saved = await withFreshSlug(async (skip) => {
    // Once a post has been public its address may be shared, so its slug never changes again.
    const slug =
      wasPublic || input.title === existing.title
        ? existing.slug
        : await uniqueSlug(prisma, input.title, input.id, skip)
    return prisma.$transaction(async (tx) => {
      if (input.tags) await tx.postTag.deleteMany({ where: { postId: input.id } })
      const revisionId = await recordRevision(tx, input.id, fields, {
        autosave: options.autosave ?? false,
        now: deps.now(),
        replaces: options.replaces,
      })
      const post = await tx.post.update({
        where: { id: input.id },
        data: {
          ...fields,
          slug,
          ...(input.status ? { status: input.status } : {}),
          ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
          ...(publishedAt !== undefined ? { publishedAt } : {}),
          ...mailChoice(existing.status, input, publishedAt),
          ...(input.tags ? { tags: { create: tagIds.map((tagId) => ({ tagId })) } } : {}),
        },
        select: { id: true, slug: true },
      })
      return { ...post, revisionId }
    })
  })
  if (existing.status === 'scheduled' || input.status === 'scheduled') deps.scheduler?.wake()
  if (input.status === 'published') deps.mail?.wake()
  return saved
}

/**
 * The editor's autosave (docs/product.md, "Editor"): a draft is saved as it is, status untouched; a story visitors
 * see or will see at its scheduled time is never changed by an autosave, which then keeps a revision only.
 */
export async function autosavePost(deps: AppDeps, input: AutosavePostData): Promise<AutosaveOutput> {
  const existing = await deps.prisma.post.findUnique({ where: { id: input.id }, select: { status: true, slug: true } })
  if (!existing) throw new NotFoundError(messages.posts.missing)
  const replaces = input.revision_id
  if (existing.status === 'draft') {
    const draft = { ...input, status: undefined, published_at: null }
    const { id, slug, revisionId } = await updatePost(deps, draft, { autosave: true, replaces })
    return { id, slug, kept: 'post', revision_id: revisionId }
  }
  const revisionId = await autosaveRevisionOnly(deps, input, replaces)
  return { id: input.id, slug: existing.slug, kept: 'revision', revision_id: revisionId }
}
