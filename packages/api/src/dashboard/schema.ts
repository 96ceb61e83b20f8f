import { z } from 'zod'
import { postStatus } from '../posts/admin-schema'

/** The dashboard's figures, recent posts and pending comments (docs/product.md, "Dashboard"). */
export const dashboardStats = z.object({
  stats: z.object({
    published_posts: z.number(),
    draft_posts: z.number(),
    total_views: z.number(),
    approved_comments: z.number(),
    pending_comments: z.number(),
    subscribers: z.number(),
  }),
  recentPosts: z.array(z.object({ id: z.number(), title: z.string(), updated_at: z.string(), status: postStatus })),
  recentComments: z.array(
    z.object({
      id: z.number(),
      author_name: z.string(),
      content: z.string(),
      created_at: z.string(),
      post_title: z.string(),
    }),
  ),
})
export type DashboardStats = z.infer<typeof dashboardStats>
