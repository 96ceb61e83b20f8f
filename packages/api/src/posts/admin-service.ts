import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import type { AdminPost, AdminPostsInput } from './admin-schema'
import { adminPostsInput } from './admin-schema'
import { adminListInclude, adminPostInclude, toAdminListItem, toAdminPost } from './admin-view'
import type { Pagination } from './public-schema'

/** Every post whatever its status, most recently updated first; search matches title, excerpt and location. */
export async function listAdminPosts(deps: AppDeps, raw: AdminPostsInput) {
  const input = adminPostsInput.parse(raw)
  const search = input.search
  const where: Prisma.PostWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(search
      ? {
          OR: [
            { title: { contains: search, mode: 'insensitive' } },
            { excerpt: { contains: search, mode: 'insensitive' } },
            { locationName: { contains: search, mode: 'insensitive' } },
            { locationCountry: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  }
  const [rows, total] = await Promise.all([
    deps.prisma.post.findMany({
      where,
      include: adminListInclude,
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: input.limit,
      skip: (input.page - 1) * input.limit,
    }),
    deps.prisma.post.count({ where }),
  ])
  const pagination: Pagination = { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) }
  return { posts: rows.map(toAdminListItem), pagination }
}

export async function getAdminPost(deps: AppDeps, id: number): Promise<AdminPost> {
  const row = await deps.prisma.post.findUnique({ where: { id }, include: adminPostInclude })
  if (!row) throw new NotFoundError(messages.posts.missing)
  return toAdminPost(row)
}

export async function deletePost(deps: AppDeps, id: number): Promise<{ id: number }> {
  const { count } = await deps.prisma.post.deleteMany({ where: { id } })
  if (!count) throw new NotFoundError(messages.posts.missing)
  return { id }
}
