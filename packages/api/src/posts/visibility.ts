import { Prisma } from '@wayfarer/db'

/**
 * The one definition of "visible to the public". A post is public when its status is `published`: drafts and
 * archived posts never are, and a scheduled post becomes `published` at its moment (posts/scheduler.ts), so
 * every public list, search, feed, count and the comment form follow from this single rule.
 */
export const PUBLIC_POST_STATUS = 'published' as const

export const isPublicStatus = (status: string): boolean => status === PUBLIC_POST_STATUS

/** The rule as a Prisma filter. */
export const publicPostWhere = { status: PUBLIC_POST_STATUS } as const satisfies Prisma.PostWhereInput

/** The rule for raw SQL over the posts table under `alias`. */
export const publicPostSql = (alias: string): Prisma.Sql =>
  Prisma.sql`${Prisma.raw(`${alias}."status"`)} = ${PUBLIC_POST_STATUS}::"PostStatus"`
