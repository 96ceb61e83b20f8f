import { useState, type FormEvent } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Button, Card, LoadError, Pagination, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { postStatuses, type PostStatusValue } from '@wayfarer/api/schemas'
import { useViewInUrl } from '../../../lib/url-view'
import { trpc } from '../../../lib/trpc'
import { adminPostsQuery } from './queries'
import { PostRow, PostStackedRow } from './post-row'
import { useToast } from '../shell/toast-host'
import { useAdminTitle } from '../../../lib/page-meta'

// SPEC.md §2: the table's columns and the status filter's choices, in the spec's order (and Scheduled).
const columns = ['Post', 'Status', 'Stats', 'Updated', 'Actions']
const statusFilters = ['published', 'draft', 'archived', 'scheduled'] as const satisfies readonly PostStatusValue[]
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)
const isPostStatus = (value: string): value is PostStatusValue => (postStatuses as readonly string[]).includes(value)

const route = getRouteApi('/admin/posts/')

/** SPEC.md §2 Admin posts list (/admin/posts). */
export function PostsListScreen() {
  useAdminTitle('Posts')
  const [view, onViewChange] = useViewInUrl(route)
  const { status, search } = view
  const [searchInput, setSearchInput] = useState(search ?? '')
  const posts = useQuery(adminPostsQuery(view))
  const queryClient = useQueryClient()
  const remove = useMutation(trpc.posts.delete.mutationOptions())
  const toast = useToast()

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    onViewChange({ ...view, search: searchInput.trim() || undefined, page: 1 })
  }

  async function deletePost(id: number, title: string) {
    try {
      await remove.mutateAsync({ id })
      toast({ text: `“${title}” deleted` })
      await queryClient.invalidateQueries(trpc.posts.adminList.queryFilter())
      await queryClient.invalidateQueries(trpc.dashboard.pathFilter())
    } catch {
      window.alert(messages.posts.deleteFailed)
    }
  }

  const filtered = Boolean(search || status)
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-gray-900">Posts</h2>
          <p className="text-sm text-gray-600">Manage your blog posts, drafts, and published content.</p>
        </div>
        <Link
          to="/admin/posts/new"
          className="rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
        >
          New Post
        </Link>
      </div>

      <Card className="flex flex-col gap-3 p-4 sm:flex-row">
        <form role="search" onSubmit={submitSearch} className="flex flex-1 gap-2">
          <input
            type="search"
            aria-label="Search posts"
            placeholder="Search posts..."
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            className="w-full rounded-lg border border-gray-300 px-3 py-2"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <select
          aria-label="Status filter"
          value={status ?? ''}
          onChange={(e) =>
            onViewChange({ ...view, status: isPostStatus(e.target.value) ? e.target.value : undefined, page: 1 })
          }
          className="rounded-lg border border-gray-300 px-3 py-2"
        >
          <option value="">All Status</option>
          {statusFilters.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Card>

      <Card className="overflow-x-auto">
        {posts.isError ? (
          <LoadError
            message={messages.posts.loadFailed}
            onRetry={() => void posts.refetch()}
            className="p-8 text-red-600"
          />
        ) : posts.data && posts.data.posts.length === 0 ? (
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
        ) : (
          <>
            <ul className="divide-y divide-gray-100 text-sm lg:hidden" aria-label="Posts">
              {posts.data
                ? posts.data.posts.map((post) => (
                    <PostStackedRow key={post.id} post={post} onDelete={() => void deletePost(post.id, post.title)} />
                  ))
                : Array.from({ length: 5 }, (_, i) => (
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
                {posts.data
                  ? posts.data.posts.map((post) => (
                      <PostRow key={post.id} post={post} onDelete={() => void deletePost(post.id, post.title)} />
                    ))
                  : Array.from({ length: 5 }, (_, i) => (
                      <tr key={i} data-testid="post-skeleton-row">
                        <td colSpan={5} className="px-4 py-4">
                          <Skeleton className="h-10 w-full" />
                        </td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </>
        )}
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
