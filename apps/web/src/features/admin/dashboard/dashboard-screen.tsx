import type { ReactNode } from 'react'
import { PostEditLink } from '../posts/post-edit-link'
import { Button, Card, QueryView, Skeleton } from '@wayfarer/ui'
import type { DashboardStats } from '@wayfarer/api/schemas'
import { formatDate, formatMonthDay } from '../../../lib/dates'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import { dashboardQuery } from './queries'
import { StatusBadge } from '../posts/status-badge'
import { QuickActions } from './quick-actions'
import { UnreadMessagesTile } from '../messages/unread-messages-tile'
import { useAdminTitle } from '../../../lib/page-meta'
import { adminNumber, counted } from '../../../lib/numbers'

/** The admin's home (/admin): the figures, recent posts, comments waiting, unread messages and shortcuts. */
export function DashboardScreen() {
  useAdminTitle('Dashboard')
  const dashboard = useQuery(dashboardQuery())
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <h2 className="text-2xl font-bold text-gray-900">Dashboard</h2>
        {/* Busy while the figures reload in the background (the old ones stay on screen meanwhile). */}
        <Button
          variant="secondary"
          onClick={() => void dashboard.refetch()}
          disabled={dashboard.isFetching}
          aria-busy={dashboard.isFetching}
        >
          Refresh
        </Button>
      </div>
      <QueryView
        query={dashboard}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Card key={i} className="p-6">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="mt-3 h-8 w-16" />
              </Card>
            ))}
          </div>
        }
        // Refresh (above) is the way to try again.
        failed={() => (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
            {messages.dashboard.loadFailed}
          </div>
        )}
      >
        {(data) => (
          <>
            <Figures stats={data.stats} />
            <div className="grid gap-6 lg:grid-cols-2">
              <RecentPosts posts={data.recentPosts} />
              <PendingComments comments={data.recentComments} />
            </div>
          </>
        )}
      </QueryView>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <UnreadMessagesTile />
      </div>
      <QuickActions />
    </div>
  )
}

function Figures({ stats }: { stats: DashboardStats['stats'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Published Posts"
        value={adminNumber(stats.published_posts)}
        subtitle={counted(stats.draft_posts, adminNumber(stats.draft_posts), 'draft', 'drafts')}
      />
      <StatCard title="Total Views" value={adminNumber(stats.total_views ?? 0)} />
      <StatCard
        title="Comments"
        value={adminNumber(stats.approved_comments)}
        subtitle={`${adminNumber(stats.pending_comments)} pending`}
      />
      <StatCard title="Subscribers" value={adminNumber(stats.subscribers ?? 0)} />
    </div>
  )
}

function RecentPosts({ posts }: { posts: DashboardStats['recentPosts'] }) {
  return (
    <ListPanel title="Recent Posts" empty="No posts yet" items={posts}>
      {(post) => (
        <li key={post.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <PostEditLink id={post.id} className="block truncate font-medium text-gray-900 hover:text-teal-700">
              {post.title}
            </PostEditLink>
            <p className="text-xs text-gray-500">{formatDate(post.updated_at)}</p>
          </div>
          <StatusBadge status={post.status} />
        </li>
      )}
    </ListPanel>
  )
}

function PendingComments({ comments }: { comments: DashboardStats['recentComments'] }) {
  return (
    <ListPanel title="Pending Comments" empty="No pending comments" items={comments}>
      {(comment) => (
        <li key={comment.id} className="py-3">
          <div className="flex justify-between text-sm">
            <span className="font-medium text-gray-900">{comment.author_name}</span>
            <span className="text-xs text-gray-500">{formatMonthDay(comment.created_at)}</span>
          </div>
          <p className="line-clamp-2 text-sm text-gray-600">{comment.content}</p>
          <p className="text-xs text-gray-500">on &quot;{comment.post_title}&quot;</p>
        </li>
      )}
    </ListPanel>
  )
}

/** A dashboard panel: its heading, then its list or, when empty, what is missing. */
function ListPanel<Item>({
  title,
  empty,
  items,
  children,
}: {
  title: string
  empty: string
  items: Item[]
  children: (item: Item) => ReactNode
}) {
  return (
    // min-w-0: a grid item would otherwise grow to its longest unbroken title and scroll the page sideways.
    <Card className="min-w-0 p-6">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-gray-500">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100">{items.map(children)}</ul>
      )}
    </Card>
  )
}

function StatCard({ title, value, subtitle }: { title: string; value: string; subtitle?: string }) {
  return (
    <Card className="p-6">
      <p className="text-sm text-gray-500">{title}</p>
      <p className="mt-2 text-3xl font-bold text-gray-900">{value}</p>
      {subtitle && <p className="mt-1 text-xs text-gray-500">{subtitle}</p>}
    </Card>
  )
}
