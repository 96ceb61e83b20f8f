import type { PrismaClient } from '@wayfarer/db'
import { sanitizePostHtml } from './sanitize'

type Content = string | { set?: string } | undefined
type PostData = { content?: Content } | undefined

function cleanContent(data: PostData): void {
  if (!data || data.content === undefined) return
  if (typeof data.content === 'string') data.content = sanitizePostHtml(data.content)
  else if (typeof data.content.set === 'string') data.content.set = sanitizePostHtml(data.content.set)
}

const cleanAll = (data: PostData | PostData[]) =>
  Array.isArray(data) ? data.forEach(cleanContent) : cleanContent(data)

/**
 * The database client every part of Wayfarer writes through (`deps.prisma`): any create, update or upsert of
 * a post's `content` through the post model is sanitised on its way in, whoever the writer is (the editor,
 * the demo seed, an importer, a scheduled job). Public reads can then serve stored HTML as it is instead of
 * sanitising every row on every read. Raw SQL that writes `posts.content` must call `sanitizePostHtml` itself.
 */
export function withSanitizedPostContent(prisma: PrismaClient): PrismaClient {
  const extended = prisma.$extends({
    name: 'sanitized-post-content',
    query: {
      post: {
        create: ({ args, query }) => (cleanAll(args.data), query(args)),
        createMany: ({ args, query }) => (cleanAll(args.data), query(args)),
        createManyAndReturn: ({ args, query }) => (cleanAll(args.data), query(args)),
        update: ({ args, query }) => (cleanAll(args.data), query(args)),
        updateMany: ({ args, query }) => (cleanAll(args.data), query(args)),
        updateManyAndReturn: ({ args, query }) => (cleanAll(args.data), query(args)),
        upsert: ({ args, query }) => (cleanAll(args.create), cleanAll(args.update), query(args)),
      },
    },
  })
  // An extended client has the same query surface as the base client; its type only lacks `$on` (log events,
  // which Wayfarer does not subscribe to), so it is handed on under the base client's type.
  return extended as unknown as PrismaClient
}
