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

/** A story written (or met again) here: its comments and old addresses are added beside it. */
export interface WrittenStory {
  post: ImportedPost
  postId: number
  slug: string
}

/** What adding stories' comments and old addresses did, counted into the report once their transaction commits. */
export interface ExtrasTally {
  comments: { created: number; existing: number }
  redirects: { created: number; existing: number }
}

export function reportTally(report: ReportBuilder, tally: ExtrasTally): void {
  report.count('comments', 'created', tally.comments.created)
  report.count('comments', 'existing', tally.comments.existing)
  report.count('redirects', 'created', tally.redirects.created)
  report.count('redirects', 'existing', tally.redirects.existing)
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

/**
 * The stories' comments and old addresses that are not here yet, in a few statements whatever the number of
 * stories: a comment an earlier run brought (its import record) is not created again, and an old address someone
 * already answers (an earlier run, another story, the owner by hand) is left alone.
 */
export async function addExtras(
  tx: Prisma.TransactionClient,
  source: string,
  ownerId: number,
  stories: WrittenStory[],
): Promise<ExtrasTally> {
  return {
    comments: await addComments(tx, source, ownerId, stories),
    redirects: await addRedirects(tx, source, stories),
  }
}

async function addComments(tx: Prisma.TransactionClient, source: string, ownerId: number, stories: WrittenStory[]) {
  const all = stories.flatMap((s) => s.post.comments.map((comment) => ({ comment, postId: s.postId })))
  if (!all.length) return { created: 0, existing: 0 }
  const seen = new Set(
    (
      await tx.importRecord.findMany({
        where: { source, kind: 'comment', externalId: { in: all.map((c) => c.comment.externalId) } },
        select: { externalId: true },
      })
    ).map((r) => r.externalId),
  )
  const fresh = all.filter(({ comment }) => {
    if (seen.has(comment.externalId)) return false
    seen.add(comment.externalId) // the same comment twice in the file is created once
    return true
  })
  if (fresh.length) {
    const created = await tx.comment.createManyAndReturn({
      data: fresh.map(({ comment, postId }) => commentData(comment, postId, ownerId)),
      select: { id: true },
    })
    // One INSERT … VALUES … RETURNING: PostgreSQL returns the rows in the order of the values.
    await tx.importRecord.createMany({
      data: fresh.map(({ comment }, i) => ({
        source,
        kind: 'comment',
        externalId: comment.externalId,
        localId: created[i]!.id,
      })),
    })
  }
  return { created: fresh.length, existing: all.length - fresh.length }
}

const commentData = (c: ImportedComment, postId: number, moderatorId: number): Prisma.CommentCreateManyInput => ({
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

/** The stories' old addresses, answered with 301 to their pages here. */
async function addRedirects(tx: Prisma.TransactionClient, source: string, stories: WrittenStory[]) {
  const format = source.split(' ')[0]!
  const data = stories.flatMap(({ post, slug }) =>
    post.oldPaths
      .filter((p) => p !== `/blog/${slug}`)
      .map((fromPath) => ({ fromPath, toPath: `/blog/${slug}`, source: format })),
  )
  if (!data.length) return { created: 0, existing: 0 }
  const { count } = await tx.redirect.createMany({ data, skipDuplicates: true })
  return { created: count, existing: data.length - count }
}
