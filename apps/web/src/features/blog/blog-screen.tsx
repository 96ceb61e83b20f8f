import { useState } from 'react'
import { keepPreviousData } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { messages } from '@wayfarer/api/messages'
import { staticPages } from '@wayfarer/api/schemas'
import { Button, Skeleton } from '@wayfarer/ui'
import { trpc } from '../../lib/trpc'
import { usePageMeta } from '../../lib/page-meta'
import { CategoryChips } from './category-chips'
import { NewsletterForm } from './newsletter-form'
import { PostCard } from './post-card'
import { useDebouncedValue } from './use-debounced-value'

export const SEARCH_DELAY_MS = 300

/** Blog list (SPEC.md §2, §4): search and category filter applied by the server after a 300 ms pause. */
export function BlogScreen({ category, onCategory }: { category: string | undefined; onCategory: (slug: string | undefined) => void }) {
  usePageMeta(staticPages.blog.title, staticPages.blog.description)
  const [search, setSearch] = useState('')
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const categories = trpc.taxonomy.categories.useQuery()
  const posts = trpc.posts.published.useQuery(
    { category, search: settledSearch || undefined },
    { placeholderData: keepPreviousData },
  )
  const searching = search.trim() !== settledSearch || (posts.isFetching && posts.isPlaceholderData)
  // One row is enough to learn how many stories are published in all (the All chip's count).
  const everything = trpc.posts.published.useQuery({ limit: 1 })

  const clearFilters = () => {
    setSearch('')
    onCategory(undefined)
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-bold">Travel Stories</h1>
        <p className="mx-auto mt-3 max-w-2xl text-gray-600">{staticPages.blog.description}</p>
      </header>

      <div className="mt-10 space-y-4">
        <div className="relative">
          <label htmlFor="blog-search" className="sr-only">
            Search stories
          </label>
          <input
            id="blog-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search stories, places, categories..."
            className="w-full rounded-xl border border-gray-300 px-4 py-3 shadow-sm focus:border-teal-600 focus:outline-none"
          />
        </div>
        <CategoryChips
          categories={categories.data ?? []}
          total={everything.data?.pagination.total}
          active={category}
          onSelect={onCategory}
        />
        <p className="text-sm text-gray-600" aria-live="polite" data-testid="result-count">
          {searching
            ? 'Searching...'
            : posts.data
              ? `${posts.data.pagination.total} ${posts.data.pagination.total === 1 ? 'story' : 'stories'} found`
              : ''}
        </p>
      </div>

      {posts.isPending ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : posts.isError ? (
        <div role="alert" className="mt-12 text-center">
          <p className="text-lg text-gray-700">
            {posts.error instanceof TRPCClientError && posts.error.data ? messages.posts.loadFailed : messages.posts.connectionFailed}
          </p>
          <Button className="mt-4" onClick={() => void posts.refetch()}>
            Try Again
          </Button>
        </div>
      ) : posts.data.posts.length === 0 ? (
        <div className="mt-12 text-center">
          <p className="text-xl font-semibold">{messages.posts.noResults}</p>
          <p className="mt-2 text-gray-600">Try another search or category.</p>
          <Button variant="secondary" className="mt-4" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.data.posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}

      <NewsletterForm />
    </div>
  )
}
