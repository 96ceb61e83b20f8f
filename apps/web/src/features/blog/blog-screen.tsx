import { useState } from 'react'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import { staticPages } from '@wayfarer/api/schemas'
import { Button, LoadError, LoadMore, Skeleton } from '@wayfarer/ui'
import { isNetworkError } from '../../lib/user-message'
import { storyCardsQuery } from './queries'
import { usePageMeta } from '../../lib/page-meta'
import { CategoryChips } from './category-chips'
import { NewsletterForm } from './newsletter-form'
import { PostCard } from './post-card'
import { useDebouncedValue } from '../../lib/use-debounced-value'

export const SEARCH_DELAY_MS = 300

/**
 * Blog list (SPEC.md §2, §4): search and category filter applied by the server after a 300 ms pause, over every
 * story; the cards come a page at a time ("Load more"), so 10,000 stories cost no more than 12.
 */
export function BlogScreen({
  category,
  onCategory,
}: {
  category: string | undefined
  onCategory: (slug: string | undefined) => void
}) {
  usePageMeta(staticPages.blog.title, staticPages.blog.description)
  const [search, setSearch] = useState('')
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  const posts = useInfiniteQuery({
    ...storyCardsQuery({ category, search: settledSearch || undefined }),
    placeholderData: keepPreviousData,
  })
  const searching = search.trim() !== settledSearch || (posts.isFetching && posts.isPlaceholderData)
  const firstPage = posts.data?.pages[0]
  const cards = posts.data?.pages.flatMap((page) => page.cards) ?? []

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
        <input
          type="search"
          aria-label="Search stories"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search stories, places, categories..."
          className="w-full rounded-xl border border-gray-300 px-4 py-3 shadow-sm focus:border-teal-600 focus:outline-none"
        />
        <CategoryChips
          categories={firstPage?.categories ?? []}
          total={firstPage?.published_total}
          active={category}
          onSelect={onCategory}
        />
        <p className="text-sm text-gray-600" aria-live="polite" data-testid="result-count">
          {searching
            ? 'Searching...'
            : firstPage
              ? `${firstPage.pagination.total} ${firstPage.pagination.total === 1 ? 'story' : 'stories'} found`
              : ''}
        </p>
      </div>

      {posts.isPending ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton count={6} className="h-72" />
        </div>
      ) : posts.isError ? (
        <LoadError
          message={isNetworkError(posts.error) ? messages.posts.connectionFailed : messages.posts.loadFailed}
          onRetry={() => void posts.refetch()}
          retryLabel="Try Again"
          className="mt-12 text-lg text-gray-700"
        />
      ) : cards.length === 0 ? (
        <div className="mt-12 text-center">
          <p className="text-xl font-semibold">{messages.posts.noResults}</p>
          <p className="mt-2 text-gray-600">Try another search or category.</p>
          <Button variant="secondary" className="mt-4" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((post, i) => (
              <PostCard key={post.id} post={post} heading="h2" eager={i === 0} />
            ))}
          </div>
          <LoadMore pages={posts} label="Load more stories" className="mt-10 text-center" />
        </>
      )}

      <NewsletterForm />
    </div>
  )
}
