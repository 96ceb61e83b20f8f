import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { StorageDeps } from '../storage-deps'
import { DomainError } from '../errors'
import { sanitizePostHtml } from '../posts/sanitize'
import { readingTimeOf } from '../posts/story-text'
import { slugify } from '../slug'
import { hasUnsafeMarkup, relinkOldSite } from './embeds'
import { ImageCopier } from './image-copier'
import type { ImageFetcher } from './image-fetch'
import { isUnreadable, type ImportedPost, type ImportReader } from './model'
import { addComments, addRedirects, countNewDryRun } from './story-extras'
import { ReportBuilder, type ImportReport } from './report'
import { ensureAuthors, TermWriter } from './terms'
import { cleanImportedAuthor, cleanImportedPost, cleanImportedTerm } from './imported-text'
import { cleanText } from '../input-policy'

export type ImportDeps = StorageDeps

export interface ImportProgress {
  done: number
  total: number
}

export interface ImportOptions {
  dryRun: boolean
  /** Who gets the stories whose author is missing from the file (the owner running the import). */
  ownerId: number
  /** Downloads images into the image store; null keeps every image remote. */
  fetchImage: ImageFetcher | null
  onProgress?: (progress: ImportProgress) => void
}

export { IMPORTED_AUTHOR_PASSWORD_HASH } from './terms'
const MAX_CONTENT_CHARS = 500_000

/** Where an import's records are filed: one old site, whatever file it came from. */
export const sourceKeyOf = (reader: ImportReader): string =>
  `${reader.source.format} ${reader.source.siteUrl || 'unknown site'}`

/**
 * Writes what a reader found: authors, categories and tags first, then each story in its own transaction
 * (with its tags, comments, old addresses and import records), so one bad story is reported and skipped while
 * the rest land. Whatever an earlier run brought in is recognised by its import record and not created again.
 */
export async function writeImport(deps: ImportDeps, file: ImportReader, options: ImportOptions): Promise<ImportReport> {
  const reader: ImportReader = {
    ...file,
    categories: file.categories.map(cleanImportedTerm),
    tags: file.tags.map(cleanImportedTerm),
    authors: file.authors.map(cleanImportedAuthor),
  }
  const report = new ReportBuilder(reader.source.format, options.dryRun, reader.source.siteUrl)
  const source = sourceKeyOf(reader)
  const { prisma } = deps
  report.repaired(reader.repairs.list, reader.repairs.more)
  for (const [reason, n] of reader.skipped)
    report.entry('file', `${n} ${n === 1 ? 'entry' : 'entries'}`, 'skipped', reason)

  const authors = await ensureAuthors(prisma, reader, options, report)
  const terms = new TermWriter(prisma, reader, options.dryRun, report)
  await terms.ensureAll()
  const images = new ImageCopier(deps, report, {
    dryRun: options.dryRun,
    fetch: options.fetchImage,
    copyHosts: reader.imageHosts,
  })
  const known = await knownToSite(prisma, source)

  let done = 0
  await reader.eachPost(async (read) => {
    const post = isUnreadable(read) ? { ...read, title: cleanText(read.title).value } : withCleanText(read)
    try {
      if (isUnreadable(post)) report.skip('posts', post.title || post.externalId, post.error)
      else
        await writePost(deps, {
          source,
          post,
          authors,
          terms,
          images,
          report,
          options,
          known,
          siteUrl: reader.source.siteUrl,
        })
    } catch (error) {
      report.count('posts', 'skipped')
      report.entry('posts', post.title || post.externalId, 'failed', failureMessage(error))
    }
    options.onProgress?.({ done: ++done, total: reader.postCount })
  })
  return report.finish()
}

function withCleanText(read: ImportedPost): ImportedPost {
  const { post, note } = cleanImportedPost(read)
  return note ? { ...post, notes: [...post.notes, note] } : post
}

function failureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return `could not be saved${typeof code === 'string' ? ` (database error ${code})` : ''}; nothing of it was written`
}

/**
 * What the site already holds, read once rather than asked per story (two queries less per story): the stories
 * an earlier run of this source imported (external id → local id) and every slug in use.
 */
interface Known {
  posts: Map<string, number | null>
  slugs: Set<string>
}

async function knownToSite(prisma: PrismaClient, source: string): Promise<Known> {
  const [records, posts] = await Promise.all([
    prisma.importRecord.findMany({ where: { source, kind: 'post' }, select: { externalId: true, localId: true } }),
    prisma.post.findMany({ select: { slug: true } }),
  ])
  return { posts: new Map(records.map((r) => [r.externalId, r.localId])), slugs: new Set(posts.map((p) => p.slug)) }
}

interface PostJob {
  source: string
  known: Known
  post: ImportedPost
  authors: Map<string, number>
  terms: TermWriter
  images: ImageCopier
  report: ReportBuilder
  options: ImportOptions
  siteUrl: string
}

const recordKey = (source: string, kind: string, externalId: string) => ({
  source_kind_externalId: { source, kind, externalId },
})

async function writePost(deps: ImportDeps, job: PostJob): Promise<void> {
  const { prisma } = deps
  const { post, report, source, options } = job
  const ref = post.title
  const recorded = job.known.posts.get(post.externalId)
  const existing = recorded
    ? await prisma.post.findUnique({ where: { id: recorded }, select: { id: true, slug: true } })
    : null
  for (const s of post.skippedComments) report.skip('comments', `${ref}: ${s.ref}`, s.reason)

  if (existing) {
    // Already imported: only what is new since (comments, old addresses) is added.
    report.count('posts', 'existing')
    if (options.dryRun) return countNewDryRun(prisma, job, existing.slug)
    await prisma.$transaction(async (tx) => {
      await commitWithoutWaiting(tx)
      await addComments(tx, job, existing.id)
      await addRedirects(tx, job, existing.slug)
    })
    return
  }
  if (post.html.length > MAX_CONTENT_CHARS)
    return report.skip('posts', ref, 'content is longer than 500,000 characters')

  for (const note of post.notes) report.entry('posts', ref, 'note', note)
  if (hasUnsafeMarkup(post.html))
    report.entry('posts', ref, 'note', 'scripts, styles or event handlers were removed from the content')
  const categoryId = post.categorySlug ? await job.terms.category(post.categorySlug) : undefined
  const tagIds = [...new Set(await Promise.all(post.tagSlugs.map((s) => job.terms.tag(s))))].filter(
    (id): id is number => id !== undefined,
  )
  const slug = freeSlug(job.known.slugs, post.slug)
  if (slug !== post.slug)
    report.entry('posts', ref, 'note', `the slug "${post.slug}" is taken here: imported as "${slug}"`)

  if (options.dryRun) {
    report.count('posts', 'created')
    report.count('comments', 'created', post.comments.length)
    report.count('redirects', 'created', post.oldPaths.length)
    if (post.featuredImage) await job.images.copy(post.featuredImage)
    for (const m of post.html.matchAll(/<img\b[^>]*?\ssrc=["']([^"']+)["']/gi)) await job.images.copy(m[1]!)
    return
  }

  const content = await job.images.rewrite(relinkOldSite(sanitizePostHtml(post.html), job.siteUrl))
  const featuredImage = post.featuredImage
    ? await job.images.copy(post.featuredImage, post.featuredImageAlt ?? post.title)
    : null
  await prisma.$transaction(async (tx) => {
    await commitWithoutWaiting(tx)
    const created = await tx.post.create({
      data: {
        slug,
        title: post.title,
        excerpt: post.excerpt,
        content,
        status: post.status,
        featuredImage,
        featuredImageAlt: post.featuredImageAlt,
        categoryId: categoryId && categoryId > 0 ? categoryId : null,
        authorId: (post.authorKey ? job.authors.get(post.authorKey) : undefined) ?? options.ownerId,
        metaTitle: post.metaTitle ?? post.title,
        metaDescription: post.metaDescription ?? (post.excerpt || null),
        readingTime: readingTimeOf(content),
        publishedAt: post.publishedAt,
        createdAt: post.createdAt,
        updatedAt: post.updatedAt,
        tags: { create: tagIds.filter((id) => id > 0).map((tagId) => ({ tagId })) },
      },
      select: { id: true },
    })
    const record = { source, kind: 'post', externalId: post.externalId, localId: created.id }
    if (recorded === undefined) await tx.importRecord.create({ data: record })
    else
      await tx.importRecord.upsert({
        where: recordKey(source, 'post', post.externalId),
        create: record,
        update: { localId: created.id },
      })
    await addComments(tx, job, created.id)
    await addRedirects(tx, job, slug)
  })
  report.count('posts', 'created')
  if (post.status === 'scheduled' && post.publishedAt && post.publishedAt <= deps.now()) {
    report.entry('posts', ref, 'note', 'its scheduled time has passed: it is published now')
  }
}

/**
 * Each story is its own transaction, but its commit need not wait for the disk (synchronous_commit off): the
 * next flush carries it, and should the machine fail first, the last few stories and their import records are
 * lost together and come back when the import is run again. One fsync per story was a third of import time.
 */
const commitWithoutWaiting = (tx: Prisma.TransactionClient) =>
  tx.$executeRawUnsafe('SET LOCAL synchronous_commit = off')

/** The slug itself when free, otherwise the first free "slug-2", "slug-3"…; taken from then on (dry runs too). */
function freeSlug(taken: Set<string>, wanted: string): string {
  const base = slugify(wanted) || 'post'
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!taken.has(candidate)) {
      taken.add(candidate)
      return candidate
    }
  }
}
