import { getRouteApi, Link } from '@tanstack/react-router'
import { Card, Pagination, QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { postStatuses, type AdminPostListItem, type PostStatusValue } from '@wayfarer/api/schemas'
import { useViewInUrl } from '../../../lib/url-view'
import { trpc } from '../../../lib/trpc'
import { adminPostsQuery, type PostsView } from './queries'
import { PostRow, PostStackedRow } from './post-row'
import { useToast } from '../shell/toast-host'
import { ScreenHeader } from '../shell/screen-header'
import { ListFilters } from '../shell/list-filters'
import { useAdminTitle } from '../../../lib/page-meta'

// The table's columns, and the status filter's choices.
const columns = ['Post', 'Status', 'Stats', 'Updated', 'Actions']
const statusFilters = ['published', 'draft', 'archived', 'scheduled'] as const satisfies readonly PostStatusValue[]
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)
const isPostStatus = (value: string): value is PostStatusValue => (postStatuses as readonly string[]).includes(value)

const route = getRouteApi('/admin/posts/')

/** /admin/posts: the owner's stories, searched and filtered by status in the URL, 10 a page. */
export function PostsListScreen() {
  useAdminTitle('Posts')
  const [view, onViewChange] = useViewInUrl(route)
  const posts = useQuery(adminPostsQuery(view))
  const deletePost = usePostDeletion()
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Posts"
        description="Manage your blog posts, drafts, and published content."
        actions={
          <Link
            to="/admin/posts/new"
            className="rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
          >
            New Post
          </Link>
        }
      />
      <PostsFilters view={view} onViewChange={onViewChange} />
      <Card className="overflow-x-auto">
        <QueryView
          query={posts}
          loading={<PostsTable posts={undefined} onDelete={deletePost} />}
          failed={messages.posts.loadFailed}
          failedClassName="p-8 text-red-600"
          isEmpty={(list) => list.posts.length === 0}
          empty={<NoPosts filtered={Boolean(view.search || view.status)} />}
        >
          {(list) => <PostsTable posts={list.posts} onDelete={deletePost} />}
        </QueryView>
      </Card>
      {posts.data && (
        <Pagination
          page={posts.data.pagination.page}
          pages={posts.data.pagination.pages}
          results={posts.data.pagination}
          onPage={(page) => onViewChange({ ...view, page })}
        />
      )}
    </div>
  )
}

/** Deleting a post (already confirmed): the list and the dashboard follow; either outcome is said in a toast. */
function usePostDeletion() {
  const queryClient = useQueryClient()
  const remove = useMutation(trpc.posts.delete.mutationOptions())
  const toast = useToast()
  return async (post: AdminPostListItem) => {
    try {
      await remove.mutateAsync({ id: post.id })
      toast({ text: `“${post.title}” deleted` })
      await queryClient.invalidateQueries(trpc.posts.adminList.queryFilter())
      await queryClient.invalidateQueries(trpc.dashboard.pathFilter())
    } catch {
      toast({ text: messages.posts.deleteFailed, tone: 'error' })
    }
  }
}

/** The search box and the status filter ("All Status" first); both return to page 1. */
function PostsFilters({ view, onViewChange }: { view: PostsView; onViewChange: (view: PostsView) => void }) {
  return (
    <ListFilters
      search={view.search}
      searchLabel="Search posts"
      searchPlaceholder="Search posts..."
      onSearch={(search) => onViewChange({ ...view, search, page: 1 })}
      status={view.status ?? ''}
      statusOptions={[
        { value: '', label: 'All Status' },
        ...statusFilters.map((s) => ({ value: s, label: statusLabel(s) })),
      ]}
      onStatus={(value) => onViewChange({ ...view, status: isPostStatus(value) ? value : undefined, page: 1 })}
    />
  )
}

function NoPosts({ filtered }: { filtered: boolean }) {
  return (
    <div className="p-10 text-center">
      <p className="font-medium text-gray-900">No posts found</p>
      <p className="mt-1 text-sm text-gray-600">
        {filtered ? 'Try adjusting your search or filter criteria.' : 'Get started by creating a new post.'}
      </p>
      {!filtered && (
        <Link to="/admin/posts/new" className="mt-4 inline-block rounded-lg bg-teal-700 px-4 py-2 text-white">
          Create Post
        </Link>
      )}
    </div>
  )
}

/**
 * The posts as stacked cards below lg and as a table from lg up; without posts yet, 5 skeleton rows in the same
 * frame, so the headings do not jump when the rows arrive.
 */
function PostsTable({
  posts,
  onDelete,
}: {
  posts: AdminPostListItem[] | undefined
  onDelete: (post: AdminPostListItem) => Promise<void>
}) {
  const skeletonRows = Array.from({ length: 5 }, (_, i) => i)
  return (
    <>
      <ul className="divide-y divide-gray-100 text-sm lg:hidden" aria-label="Posts">
        {posts
          ? posts.map((post) => <PostStackedRow key={post.id} post={post} onDelete={() => void onDelete(post)} />)
          : skeletonRows.map((i) => (
              <li key={i} className="p-4" data-testid="post-skeleton-row">
                <Skeleton className="h-16 w-full" />
              </li>
            ))}
      </ul>
      <table className="hidden w-full text-left text-sm lg:table">
        <thead className="border-b border-gray-200 bg-gray-50 text-xs tracking-wide text-gray-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} className={column === 'Actions' ? 'px-4 py-3 text-right' : 'px-4 py-3'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {posts
            ? posts.map((post) => <PostRow key={post.id} post={post} onDelete={() => void onDelete(post)} />)
            : skeletonRows.map((i) => (
                <tr key={i} data-testid="post-skeleton-row">
                  <td colSpan={5} className="px-4 py-4">
                    <Skeleton className="h-10 w-full" />
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </>
  )
}
