import type { Prisma, PrismaClient } from '@wayfarer/db'
import type { ImportedComment, ImportedPost } from './model'
import type { ReportBuilder } from './report'

/** What a story's comments and old addresses need to know of the story being written. */
interface StoryJob {
  source: string
  post: ImportedPost
  report: ReportBuilder
  options: { ownerId: number }
}

/** A story met again: the comments and old addresses a dry run would add, counted against what is already here. */
export async function countNewDryRun(prisma: PrismaClient, job: StoryJob, slug: string) {
  const recorded = await prisma.importRecord.count({
    where: { source: job.source, kind: 'comment', externalId: { in: job.post.comments.map((c) => c.externalId) } },
  })
  job.report.count('comments', 'existing', recorded)
  job.report.count('comments', 'created', job.post.comments.length - recorded)
  const redirects = await prisma.redirect.count({ where: { fromPath: { in: job.post.oldPaths } } })
  job.report.count('redirects', 'existing', redirects)
  job.report.count('redirects', 'created', job.post.oldPaths.filter((p) => p !== `/blog/${slug}`).length - redirects)
}

/** The story's comments an earlier run did not bring, each with its import record. */
export async function addComments(tx: Prisma.TransactionClient, job: StoryJob, postId: number) {
  const { source, post, report } = job
  if (!post.comments.length) return
  const recorded = new Set(
    (
      await tx.importRecord.findMany({
        where: { source, kind: 'comment', externalId: { in: post.comments.map((c) => c.externalId) } },
        select: { externalId: true },
      })
    ).map((r) => r.externalId),
  )
  for (const comment of post.comments) {
    if (recorded.has(comment.externalId)) {
      report.count('comments', 'existing')
      continue
    }
    const created = await tx.comment.create({ data: commentData(comment, postId, job.options.ownerId) })
    await tx.importRecord.create({
      data: { source, kind: 'comment', externalId: comment.externalId, localId: created.id },
    })
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

/** The story's old addresses, answered with 301 to its page here. */
export async function addRedirects(tx: Prisma.TransactionClient, job: StoryJob, slug: string) {
  const target = `/blog/${slug}`
  const paths = job.post.oldPaths.filter((p) => p !== target)
  if (!paths.length) return
  // An old address someone already answers (an earlier run, another story, the owner by hand) is left alone.
  const source = job.source.split(' ')[0]!
  const { count } = await tx.redirect.createMany({
    data: paths.map((fromPath) => ({ fromPath, toPath: target, source })),
    skipDuplicates: true,
  })
  job.report.count('redirects', 'created', count)
  job.report.count('redirects', 'existing', paths.length - count)
}
