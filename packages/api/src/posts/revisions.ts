import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { getAdminPost } from './admin-service'
import { updatePostInput, type UpdatePostData } from './admin-schema'
import { REVISIONS_KEPT, type RevisionDetail, type RevisionSummary } from './revision-schema'
import { sanitizePostHtml } from './sanitize'
import { wordCountOf } from './story-text'

/** What a revision keeps of a story: the fields the writing surface edits (text, title, excerpt, picture, SEO). */
export interface RevisionFields {
  title: string
  excerpt: string
  content: string
  featuredImage: string | null
  featuredImageAlt: string | null
  metaTitle: string | null
  metaDescription: string | null
}

/**
 * An autosave replaces the autosave just before it (when the editor says it wrote that one, `replaces`, and it is
 * younger than this), so a writing session leaves one entry per ten minutes instead of pushing every earlier save
 * out of the last 20. Another session (a reopened tab) never overwrites the autosave an earlier one left.
 */
const AUTOSAVE_MERGE_MS = 10 * 60_000

export const revisionData = (fields: RevisionFields, autosave: boolean) => ({
  title: fields.title,
  excerpt: fields.excerpt,
  content: fields.content,
  featuredImage: fields.featuredImage,
  featuredImageAlt: fields.featuredImageAlt,
  metaTitle: fields.metaTitle,
  metaDescription: fields.metaDescription,
  wordCount: wordCountOf(fields.content),
  autosave,
})

export interface RevisionOptions {
  autosave: boolean
  now: Date
  /** The autosave revision this editor wrote last, which this one may replace. */
  replaces?: number | undefined
}

/**
 * Stores one version of a post inside the save's transaction and drops all but the newest REVISIONS_KEPT.
 * Answers the revision's id.
 */
export async function recordRevision(
  tx: Prisma.TransactionClient,
  postId: number,
  fields: RevisionFields,
  options: RevisionOptions,
): Promise<number> {
  const data = { ...revisionData(fields, options.autosave), createdAt: options.now }
  const head = await tx.postRevision.findFirst({ where: { postId }, orderBy: { id: 'desc' } })
  const merge =
    options.autosave &&
    head?.autosave &&
    head.id === options.replaces &&
    options.now.getTime() - head.createdAt.getTime() < AUTOSAVE_MERGE_MS
  if (head && merge) return (await tx.postRevision.update({ where: { id: head.id }, data, select: { id: true } })).id
  const { id } = await tx.postRevision.create({ data: { ...data, postId }, select: { id: true } })
  const older = await tx.postRevision.findMany({
    where: { postId },
    orderBy: { id: 'desc' },
    skip: REVISIONS_KEPT,
    select: { id: true },
  })
  if (older.length) await tx.postRevision.deleteMany({ where: { id: { in: older.map((r) => r.id) } } })
  return id
}

type RevisionRow = Prisma.PostRevisionGetPayload<object>

const toSummary = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  title: row.title,
  word_count: row.wordCount,
  autosave: row.autosave,
})

/** A post's kept versions, newest first. */
export async function listRevisions(deps: AppDeps, postId: number): Promise<RevisionSummary[]> {
  const post = await deps.prisma.post.findUnique({ where: { id: postId }, select: { id: true } })
  if (!post) throw new NotFoundError(messages.posts.missing)
  const rows = await deps.prisma.postRevision.findMany({ where: { postId }, orderBy: { id: 'desc' } })
  return rows.map(toSummary)
}

export async function getRevision(deps: AppDeps, postId: number, revisionId: number): Promise<RevisionDetail> {
  const row = await deps.prisma.postRevision.findFirst({ where: { id: revisionId, postId } })
  if (!row) throw new NotFoundError(messages.posts.revisionMissing)
  return {
    ...toSummary(row),
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featuredImage,
    featured_image_alt: row.featuredImageAlt,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
  }
}

/**
 * Restoring is an ordinary save of the post with the version's fields over the current ones (the rest of the
 * post, its status included, stays as it is), so it runs every rule of a save and becomes a revision itself:
 * restoring can be undone by restoring the version that was newest before.
 */
export async function restoreInput(deps: AppDeps, postId: number, revisionId: number): Promise<UpdatePostData> {
  const [current, revision] = await Promise.all([getAdminPost(deps, postId), getRevision(deps, postId, revisionId)])
  // Without a status the save changes none: a published story stays published, a scheduled one keeps its time.
  const { status: _status, published_at: _publishedAt, ...post } = current
  return updatePostInput.parse({
    ...post,
    tags: post.tags.map((t) => t.id),
    id: postId,
    title: revision.title,
    excerpt: revision.excerpt,
    content: revision.content,
    featured_image: revision.featured_image,
    featured_image_alt: revision.featured_image_alt,
    meta_title: revision.meta_title,
    meta_description: revision.meta_description,
  })
}

/** An autosave of a story visitors may see (or will at its scheduled time) is kept as a revision only. */
export async function autosaveRevisionOnly(
  deps: AppDeps,
  input: UpdatePostData,
  replaces: number | undefined,
): Promise<number> {
  const content = sanitizePostHtml(input.content)
  return deps.prisma.$transaction((tx) =>
    recordRevision(
      tx,
      input.id,
      {
        title: input.title,
        excerpt: input.excerpt,
        content,
        featuredImage: input.featured_image,
        featuredImageAlt: input.featured_image_alt,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
      },
      { autosave: true, now: deps.now(), replaces },
    ),
  )
}
