import type { AppDeps } from '../deps'
import { PUBLIC_POST_STATUS } from '../posts/visibility'
import type { DashboardStats } from './schema'

const RECENT = 5

/** GET /api/posts/admin/stats: counts, the latest edited posts and the comments waiting for moderation. */
export async function dashboardStatsOf(deps: AppDeps): Promise<DashboardStats> {
  const { prisma } = deps
  const [byStatus, views, commentsByStatus, subscribers, recentPosts, pending] = await Promise.all([
    prisma.post.groupBy({ by: ['status'], _count: { _all: true } }),
    prisma.postView.aggregate({ _sum: { count: true } }),
    prisma.comment.groupBy({ by: ['status'], _count: { _all: true } }),
    prisma.newsletterSubscriber.count({ where: { status: 'confirmed' } }),
    prisma.post.findMany({
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: RECENT,
      select: { id: true, title: true, updatedAt: true, status: true },
    }),
    prisma.comment.findMany({
      where: { status: 'pending' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: RECENT,
      select: { id: true, authorName: true, content: true, createdAt: true, post: { select: { title: true } } },
    }),
  ])
  const postCount = (status: string) => byStatus.find((s) => s.status === status)?._count._all ?? 0
  const commentCount = (status: string) => commentsByStatus.find((s) => s.status === status)?._count._all ?? 0
  return {
    stats: {
      published_posts: postCount(PUBLIC_POST_STATUS),
      draft_posts: postCount('draft'),
      total_views: views._sum.count ?? 0,
      approved_comments: commentCount('approved'),
      pending_comments: commentCount('pending'),
      subscribers,
    },
    recentPosts: recentPosts.map((p) => ({
      id: p.id,
      title: p.title,
      updated_at: p.updatedAt.toISOString(),
      status: p.status,
    })),
    recentComments: pending.map((c) => ({
      id: c.id,
      author_name: c.authorName,
      content: c.content,
      created_at: c.createdAt.toISOString(),
      post_title: c.post.title,
    })),
  }
}
