import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { DomainError } from '../errors'
import { sanitizePostHtml } from '../posts/sanitize'
import { readingTimeOf } from '../posts/story-text'
import { slugify } from '../slug'
import { hasUnsafeMarkup } from './embeds'
import { ImageCopier } from './image-copier'
import type { ImageFetcher } from './image-fetch'
import { isUnreadable, type ImportedComment, type ImportedPost, type ImportReader } from './model'
import { ReportBuilder, type ImportReport } from './report'

export type ImportDeps = Pick<AppDeps, 'prisma' | 'imageStore' | 'now'>

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

/** Marks imported authors' accounts: no password can ever match it, so they cannot sign in. */
export const IMPORTED_AUTHOR_PASSWORD_HASH = '!imported-author'
const MAX_CONTENT_CHARS = 500_000

/** Where an import's records are filed: one old site, whatever file it came from. */
export const sourceKeyOf = (reader: ImportReader): string => `${reader.source.format} ${reader.source.siteUrl || 'unknown site'}`

/**
 * Writes what a reader found: authors, categories and tags first, then each story in its own transaction
 * (with its tags, comments, old addresses and import records), so one bad story is reported and skipped while
 * the rest land. Whatever an earlier run brought in is recognised by its import record and not created again.
 */
export async function writeImport(deps: ImportDeps, reader: ImportReader, options: ImportOptions): Promise<ImportReport> {
  const report = new ReportBuilder(reader.source.format, options.dryRun, reader.source.siteUrl)
  const source = sourceKeyOf(reader)
  const { prisma } = deps
  const skipReasons = new Map<string, number>()
  for (const s of reader.skipped) skipReasons.set(s.reason, (skipReasons.get(s.reason) ?? 0) + 1)
  for (const [reason, n] of skipReasons) report.entry('file', `${n} ${n === 1 ? 'entry' : 'entries'}`, 'skipped', reason)

  const authors = await ensureAuthors(prisma, reader, options, report)
  const terms = new TermWriter(prisma, reader, options.dryRun, report)
  await terms.ensureAll()
  const images = new ImageCopier(deps, report, { dryRun: options.dryRun, fetch: options.fetchImage, copyHosts: reader.imageHosts })

  let done = 0
  await reader.eachPost(async (post) => {
    try {
      if (isUnreadable(post)) report.skip('posts', post.title || post.externalId, post.error)
      else await writePost(deps, { source, post, authors, terms, images, report, options, siteUrl: reader.source.siteUrl })
    } catch (error) {
      report.count('posts', 'skipped')
      report.entry('posts', post.title || post.externalId, 'failed', failureMessage(error))
    }
    options.onProgress?.({ done: ++done, total: reader.postCount })
  })
  return report.finish()
}

function failureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  return `could not be saved${typeof code === 'string' ? ` (database error ${code})` : ''}; nothing of it was written`
}

async function ensureAuthors(prisma: PrismaClient, reader: ImportReader, options: ImportOptions, report: ReportBuilder): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const author of reader.authors) {
    if (!author.email || !author.key) {
      report.entry('authors', author.key || '(no login)', 'note', 'no e-mail address: their stories are assigned to you')
      continue
    }
    const existing = await prisma.user.findUnique({ where: { email: author.email }, select: { id: true } })
    if (existing) {
      ids.set(author.key, existing.id)
      report.count('authors', 'existing')
    } else if (options.dryRun) report.count('authors', 'created')
    else {
      const created = await prisma.user.create({
        data: { email: author.email, passwordHash: IMPORTED_AUTHOR_PASSWORD_HASH, firstName: author.firstName.slice(0, 100), lastName: author.lastName.slice(0, 100) },
      })
      ids.set(author.key, created.id)
      report.count('authors', 'created')
    }
  }
  return ids
}

/** Categories and tags by slug (or by name, which is unique too), created when missing. */
class TermWriter {
  readonly categories = new Map<string, number>()
  readonly tags = new Map<string, number>()
  private readonly names = new Map<string, string>()

  constructor(
    private readonly prisma: PrismaClient,
    private readonly reader: ImportReader,
    private readonly dryRun: boolean,
    private readonly report: ReportBuilder,
  ) {
    for (const t of [...reader.categories, ...reader.tags]) this.names.set(t.slug, t.name)
  }

  async ensureAll() {
    for (const c of this.reader.categories) await this.category(c.slug, c.description)
    for (const t of this.reader.tags) await this.tag(t.slug)
  }

  async category(slug: string, description = ''): Promise<number | undefined> {
    if (this.categories.has(slug)) return this.categories.get(slug)
    const name = this.names.get(slug) ?? slug
    const existing = await this.prisma.category.findFirst({ where: { OR: [{ slug }, { name }] }, select: { id: true } })
    if (existing) this.report.count('categories', 'existing')
    else this.report.count('categories', 'created')
    const id = existing?.id ?? (this.dryRun ? -1 : (await this.prisma.category.create({ data: { slug, name, description: description.slice(0, 500) } })).id)
    this.categories.set(slug, id)
    return id
  }

  async tag(slug: string): Promise<number | undefined> {
    if (this.tags.has(slug)) return this.tags.get(slug)
    const name = (this.names.get(slug) ?? slug).slice(0, 60)
    const existing = await this.prisma.tag.findFirst({ where: { OR: [{ slug }, { name }] }, select: { id: true } })
    if (existing) this.report.count('tags', 'existing')
    else this.report.count('tags', 'created')
    const id = existing?.id ?? (this.dryRun ? -1 : (await this.prisma.tag.create({ data: { slug, name } })).id)
    this.tags.set(slug, id)
    return id
  }
}

interface PostJob {
  source: string
  post: ImportedPost
  authors: Map<string, number>
  terms: TermWriter
  images: ImageCopier
  report: ReportBuilder
  options: ImportOptions
  siteUrl: string
}

const recordKey = (source: string, kind: string, externalId: string) => ({ source_kind_externalId: { source, kind, externalId } })

async function writePost(deps: ImportDeps, job: PostJob): Promise<void> {
  const { prisma } = deps
  const { post, report, source, options } = job
  const ref = post.title
  const record = await prisma.importRecord.findUnique({ where: recordKey(source, 'post', post.externalId) })
  const existing = record?.localId ? await prisma.post.findUnique({ where: { id: record.localId }, select: { id: true, slug: true } }) : null
  for (const s of post.skippedComments) report.skip('comments', `${ref}: ${s.ref}`, s.reason)

  if (existing) {
    // Already imported: only what is new since (comments, old addresses) is added.
    report.count('posts', 'existing')
    if (options.dryRun) return countNewDryRun(prisma, job, existing.slug)
    await prisma.$transaction(async (tx) => {
      await addComments(tx, job, existing.id)
      await addRedirects(tx, job, existing.slug)
    })
    return
  }
  if (post.html.length > MAX_CONTENT_CHARS) return report.skip('posts', ref, 'content is longer than 500,000 characters')

  for (const note of post.notes) report.entry('posts', ref, 'note', note)
  if (hasUnsafeMarkup(post.html)) report.entry('posts', ref, 'note', 'scripts, styles or event handlers were removed from the content')
  const categoryId = post.categorySlug ? await job.terms.category(post.categorySlug) : undefined
  const tagIds = [...new Set(await Promise.all(post.tagSlugs.map((s) => job.terms.tag(s))))].filter((id): id is number => id !== undefined)
  const slug = await freeSlug(prisma, post.slug)
  if (slug !== post.slug) report.entry('posts', ref, 'note', `the slug "${post.slug}" is taken here: imported as "${slug}"`)

  if (options.dryRun) {
    report.count('posts', 'created')
    report.count('comments', 'created', post.comments.length)
    report.count('redirects', 'created', post.oldPaths.length)
    if (post.featuredImage) await job.images.copy(post.featuredImage)
    for (const m of post.html.matchAll(/<img\b[^>]*?\ssrc=["']([^"']+)["']/gi)) await job.images.copy(m[1]!)
    return
  }

  const content = await job.images.rewrite(relinkOldSite(sanitizePostHtml(post.html), job.siteUrl))
  const featuredImage = post.featuredImage ? await job.images.copy(post.featuredImage, post.featuredImageAlt ?? post.title) : null
  await prisma.$transaction(async (tx) => {
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
    await tx.importRecord.upsert({
      where: recordKey(source, 'post', post.externalId),
      create: { source, kind: 'post', externalId: post.externalId, localId: created.id },
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

async function countNewDryRun(prisma: PrismaClient, job: PostJob, slug: string) {
  const recorded = await prisma.importRecord.count({ where: { source: job.source, kind: 'comment', externalId: { in: job.post.comments.map((c) => c.externalId) } } })
  job.report.count('comments', 'existing', recorded)
  job.report.count('comments', 'created', job.post.comments.length - recorded)
  const redirects = await prisma.redirect.count({ where: { fromPath: { in: job.post.oldPaths } } })
  job.report.count('redirects', 'existing', redirects)
  job.report.count('redirects', 'created', job.post.oldPaths.filter((p) => p !== `/blog/${slug}`).length - redirects)
}

async function addComments(tx: Prisma.TransactionClient, job: PostJob, postId: number) {
  const { source, post, report } = job
  if (!post.comments.length) return
  const recorded = new Set(
    (await tx.importRecord.findMany({ where: { source, kind: 'comment', externalId: { in: post.comments.map((c) => c.externalId) } }, select: { externalId: true } })).map(
      (r) => r.externalId,
    ),
  )
  for (const comment of post.comments) {
    if (recorded.has(comment.externalId)) {
      report.count('comments', 'existing')
      continue
    }
    const created = await tx.comment.create({ data: commentData(comment, postId, job.options.ownerId) })
    await tx.importRecord.create({ data: { source, kind: 'comment', externalId: comment.externalId, localId: created.id } })
    report.count('comments', 'created')
  }
}

const commentData = (c: ImportedComment, postId: number, moderatorId: number): Prisma.CommentUncheckedCreateInput => ({
  postId,
  authorName: c.authorName,
  authorEmail: c.authorEmail,
  authorWebsite: c.authorWebsite,
  content: c.content,
  status: c.status,
  createdAt: c.createdAt,
  // Moderated on the old site; recorded as moderated by the owner who brought it over.
  ...(c.status === 'pending' ? {} : { moderatedAt: c.createdAt, moderatedById: moderatorId }),
})

async function addRedirects(tx: Prisma.TransactionClient, job: PostJob, slug: string) {
  const target = `/blog/${slug}`
  const paths = job.post.oldPaths.filter((p) => p !== target)
  if (!paths.length) return
  const taken = new Set((await tx.redirect.findMany({ where: { fromPath: { in: paths } }, select: { fromPath: true } })).map((r) => r.fromPath))
  for (const fromPath of paths) {
    if (taken.has(fromPath)) {
      job.report.count('redirects', 'existing')
      continue
    }
    await tx.redirect.create({ data: { fromPath, toPath: target, source: job.source.split(' ')[0]! } })
    job.report.count('redirects', 'created')
  }
}

/** The slug itself when free, otherwise the first free "slug-2", "slug-3"… */
async function freeSlug(prisma: PrismaClient, wanted: string): Promise<string> {
  const base = slugify(wanted) || 'post'
  if (!(await prisma.post.findUnique({ where: { slug: base }, select: { id: true } }))) return base
  const taken = new Set((await prisma.post.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((p) => p.slug))
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

/** Links to the old site's pages become site-relative, so the recorded redirects answer them; files are left alone. */
export function relinkOldSite(html: string, siteUrl: string): string {
  if (!siteUrl || !URL.canParse(siteUrl)) return html
  const origin = new URL(siteUrl).origin
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return html.replace(new RegExp(`href="${escaped}(/[^"]*)?"`, 'gi'), (whole, path: string | undefined) =>
    /\.[a-z0-9]{2,5}(?:[?#]|$)/i.test(path ?? '') ? whole : `href="${path || '/'}"`,
  )
}
