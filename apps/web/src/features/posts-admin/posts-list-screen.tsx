import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Button, Card, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { ADMIN_POSTS_PAGE_SIZE, type PostStatusValue } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { PostRow } from './post-row'
import { Pagination } from './pagination'

/** SPEC.md §2 Admin posts list (/admin/posts). */
export function PostsListScreen() {
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<PostStatusValue | ''>('')
  const [searchInput, setSearchInput] = useState('')
  const [search, setSearch] = useState('')
  const query = { page, limit: ADMIN_POSTS_PAGE_SIZE, ...(status ? { status } : {}), ...(search ? { search } : {}) }
  const posts = trpc.posts.adminList.useQuery(query, { staleTime: 0 })
  const utils = trpc.useUtils()
  const remove = trpc.posts.delete.useMutation()

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    setSearch(searchInput.trim())
    setPage(1)
  }

  async function deletePost(id: number) {
    if (!window.confirm(messages.posts.deleteConfirm)) return
    try {
      await remove.mutateAsync({ id })
      await utils.posts.adminList.invalidate()
      await utils.dashboard.invalidate()
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
        <Link to="/admin/posts/new" className="rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800">
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
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PostStatusValue | '')
            setPage(1)
          }}
          className="rounded-lg border border-gray-300 px-3 py-2"
        >
          <option value="">All Status</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
          <option value="archived">Archived</option>
        </select>
      </Card>

      <Card className="overflow-x-auto">
        {posts.isError ? (
          <div role="alert" className="p-8 text-center">
            <p className="text-red-600">{messages.posts.loadFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void posts.refetch()}>
              Try again
            </Button>
          </div>
        ) : posts.data && posts.data.posts.length === 0 ? (
          <div className="p-10 text-center">
            <p className="font-medium text-gray-900">No posts found</p>
            <p className="mt-1 text-sm text-gray-600">{filtered ? 'Try adjusting your search or filter criteria.' : 'Get started by creating a new post.'}</p>
            {!filtered && (
              <Link to="/admin/posts/new" className="mt-4 inline-block rounded-lg bg-teal-700 px-4 py-2 text-white">
                Create Post
              </Link>
            )}
          </div>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 bg-gray-50 text-xs tracking-wide text-gray-500 uppercase">
              <tr>
                <th className="px-4 py-3">Post</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Stats</th>
                <th className="px-4 py-3">Updated</th>
                <th className="px-4 py-3 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {posts.data
                ? posts.data.posts.map((post) => <PostRow key={post.id} post={post} onDelete={() => void deletePost(post.id)} />)
                : Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} data-testid="post-skeleton-row">
                      <td colSpan={5} className="px-4 py-4">
                        <Skeleton className="h-10 w-full" />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        )}
      </Card>
      {posts.data && <Pagination pagination={posts.data.pagination} onPage={setPage} />}
    </div>
  )
}
