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
import { addExtras, countNewDryRun, reportTally } from './story-extras'
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
 * Stories written together in one transaction: up to a hundred, a twentieth of a smaller file's (progress, counted
 * as batches land, still moves every 5 %), fewer when their text passes 4 MB (memory stays flat).
 */
const batchSizeFor = (stories: number) => Math.min(100, Math.max(2, Math.ceil(stories / 20)))
const BATCH_CHARS = 4_000_000

/**
 * Writes what a reader found: authors, categories and tags first, then the stories, up to a hundred at a time in
 * one transaction each (with their tags, comments, old addresses and import records, in a few statements for all of
 * them: one transaction per story spent most of an import in the database's round trips). A batch that fails is
 * written again a story at a time, so one bad story is reported and skipped while the rest land. Whatever an
 * earlier run brought in is recognised by its import record and not created again.
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
  const progress = (n: number) => {
    done += n
    options.onProgress?.({ done, total: reader.postCount })
  }
  const batchSize = batchSizeFor(reader.postCount)
  const batch: NewStory[] = []
  let batchChars = 0
  const flush = async () => {
    const stories = batch.splice(0)
    batchChars = 0
    if (!stories.length) return
    await writeNewStories(deps, stories)
    progress(stories.length)
  }
  await reader.eachPost(async (read) => {
    const post = isUnreadable(read) ? { ...read, title: cleanText(read.title).value } : withCleanText(read)
    try {
      if (isUnreadable(post)) report.skip('posts', post.title || post.externalId, post.error)
      else {
        const story = await preparePost(deps, {
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
        if (story) {
          batch.push(story)
          batchChars += story.row.content.length
          if (batch.length >= batchSize || batchChars >= BATCH_CHARS) await flush()
          return // counted once its batch is written
        }
      }
    } catch (error) {
      reportFailure(report, post, error)
    }
    progress(1)
  })
  await flush()
  return report.finish()
}

function withCleanText(read: ImportedPost): ImportedPost {
  const { post, note } = cleanImportedPost(read)
  return note ? { ...post, notes: [...post.notes, note] } : post
}

function reportFailure(report: ReportBuilder, post: { title: string; externalId: string }, error: unknown): void {
  report.count('posts', 'skipped')
  report.entry('posts', post.title || post.externalId, 'failed', failureMessage(error))
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

/** A new story ready to be written: its row, its tags, and whether an earlier run's record of it is there. */
interface NewStory {
  job: PostJob
  row: Prisma.PostCreateManyInput & { slug: string; content: string }
  tagIds: number[]
  /** The story's import record from an earlier run (its story since deleted here), or undefined when there is none. */
  recorded: number | null | undefined
}

/**
 * Everything of a story that is decided before it is written: its notes, terms, slug, images and content. A story
 * an earlier run brought in only gets what is new since (comments, old addresses), written here; a dry run only
 * counts. Returns the story to write, or null when nothing is left to write.
 */
async function preparePost(deps: ImportDeps, job: PostJob): Promise<NewStory | null> {
  const { prisma } = deps
  const { post, report, source, options } = job
  const ref = post.title
  const recorded = job.known.posts.get(post.externalId)
  const existing = recorded
    ? await prisma.post.findUnique({ where: { id: recorded }, select: { id: true, slug: true } })
    : null
  for (const s of post.skippedComments) report.skip('comments', `${ref}: ${s.ref}`, s.reason)

  if (existing) {
    report.count('posts', 'existing')
    if (options.dryRun) await countNewDryRun(prisma, job, existing.slug)
    else {
      const tally = await prisma.$transaction(async (tx) => {
        await commitWithoutWaiting(tx)
        return addExtras(tx, source, options.ownerId, [{ post, postId: existing.id, slug: existing.slug }])
      })
      reportTally(report, tally)
    }
    return null
  }
  if (post.html.length > MAX_CONTENT_CHARS) {
    report.skip('posts', ref, 'content is longer than 500,000 characters')
    return null
  }

  for (const note of post.notes) report.entry('posts', ref, 'note', note)
  if (hasUnsafeMarkup(post.html))
    report.entry('posts', ref, 'note', 'scripts, styles or event handlers were removed from the content')
  const categoryId = post.categorySlug ? await job.terms.category(post.categorySlug) : undefined
  const tagIds = [...new Set(await Promise.all(post.tagSlugs.map((s) => job.terms.tag(s))))].filter(
    (id): id is number => id !== undefined && id > 0,
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
    return null
  }

  const content = await job.images.rewrite(relinkOldSite(sanitizePostHtml(post.html), job.siteUrl))
  const featuredImage = post.featuredImage
    ? await job.images.copy(post.featuredImage, post.featuredImageAlt ?? post.title)
    : null
  const row = {
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
  }
  return { job, row, tagIds, recorded }
}

/**
 * New stories in one transaction. Should it fail, each is written again on its own, so the one at fault is
 * reported as failed with nothing of it written, and the others land.
 */
async function writeNewStories(deps: ImportDeps, stories: NewStory[]): Promise<void> {
  try {
    const tally = await deps.prisma.$transaction(async (tx) => {
      await commitWithoutWaiting(tx)
      return createStories(tx, stories)
    })
    for (const { job } of stories) {
      job.report.count('posts', 'created')
      const { post } = job
      if (post.status === 'scheduled' && post.publishedAt && post.publishedAt <= deps.now())
        job.report.entry('posts', post.title, 'note', 'its scheduled time has passed: it is published now')
    }
    reportTally(stories[0]!.job.report, tally)
  } catch (error) {
    if (stories.length > 1) for (const story of stories) await writeNewStories(deps, [story])
    else reportFailure(stories[0]!.job.report, stories[0]!.job.post, error)
  }
}

/** The stories' rows, tags and import records, then their comments and old addresses: a few statements for all. */
async function createStories(tx: Prisma.TransactionClient, stories: NewStory[]) {
  const { source, options } = stories[0]!.job
  const created = await tx.post.createManyAndReturn({
    data: stories.map((s) => s.row),
    select: { id: true, slug: true },
  })
  const idOf = new Map(created.map((p) => [p.slug, p.id]))
  const written = stories.map((s) => ({ ...s, post: s.job.post, slug: s.row.slug, postId: idOf.get(s.row.slug)! }))
  const tags = written.flatMap((s) => s.tagIds.map((tagId) => ({ postId: s.postId, tagId })))
  if (tags.length) await tx.postTag.createMany({ data: tags })
  const record = (s: (typeof written)[number]) => ({
    source,
    kind: 'post',
    externalId: s.post.externalId,
    localId: s.postId,
  })
  const fresh = written.filter((s) => s.recorded === undefined)
  if (fresh.length) await tx.importRecord.createMany({ data: fresh.map(record) })
  // Imported before and deleted here since: its record points at the new story.
  for (const s of written.filter((w) => w.recorded !== undefined))
    await tx.importRecord.update({
      where: recordKey(source, 'post', s.post.externalId),
      data: { localId: s.postId },
    })
  return addExtras(tx, source, options.ownerId, written)
}

/**
 * An import's transaction need not wait for the disk at its commit (synchronous_commit off): the next flush
 * carries it, and should the machine fail first, the last stories and their import records are lost together and
 * come back when the import is run again. One fsync per story was a third of import time.
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
