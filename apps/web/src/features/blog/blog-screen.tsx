import { useState } from 'react'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import { staticPages } from '@wayfarer/api/schemas'
import { Button, LoadMore, QueryView, Skeleton } from '@wayfarer/ui'
import { isNetworkError } from '../../lib/user-message'
import { storyCardsQuery } from './queries'
import { usePageMeta } from '../../lib/page-meta'
import { CategoryChips } from './category-chips'
import { NewsletterForm } from './newsletter-form'
import { PostCard } from './post-card'
import { useDebouncedValue } from '../../lib/use-debounced-value'

export const SEARCH_DELAY_MS = 300

/**
 * Blog list (docs/product.md, "Blog"): search and category filter applied by the server after a 300 ms pause, over
 * every story; the cards come a page at a time ("Load more"), so 10,000 stories cost no more than 12.
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
  const posts = useStoryCards(category, settledSearch)
  const searching = search.trim() !== settledSearch || (posts.isFetching && posts.isPlaceholderData)
  const firstPage = posts.data?.pages[0]

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
          className="w-full rounded-xl border border-gray-300 px-4 py-3 shadow-sm focus:border-teal-700 focus:outline-2 focus:outline-offset-2 focus:outline-teal-700"
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

      <StoryCardList posts={posts} onClearFilters={clearFilters} />

      <NewsletterForm />
    </div>
  )
}

/** The pages of cards for a filter; the previous filter's cards stay on screen while the next ones load. */
const useStoryCards = (category: string | undefined, search: string) =>
  useInfiniteQuery({ ...storyCardsQuery({ category, search: search || undefined }), placeholderData: keepPreviousData })

/** The cards, their placeholders, the failure with a retry, or "no stories" with a way back to all of them. */
function StoryCardList({
  posts,
  onClearFilters,
}: {
  posts: ReturnType<typeof useStoryCards>
  onClearFilters: () => void
}) {
  return (
    <QueryView
      query={posts}
      loading={<Skeleton layout="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" count={6} className="h-72" />}
      failed={(error) => (isNetworkError(error) ? messages.posts.connectionFailed : messages.posts.loadFailed)}
      retryLabel="Try Again"
      failedClassName="mt-12 text-lg text-gray-700"
      isEmpty={({ pages }) => pages.every((page) => page.cards.length === 0)}
      empty={
        <div className="mt-12 text-center">
          <p className="text-xl font-semibold">{messages.posts.noResults}</p>
          <p className="mt-2 text-gray-600">Try another search or category.</p>
          <Button variant="secondary" className="mt-4" onClick={onClearFilters}>
            Clear Filters
          </Button>
        </div>
      }
    >
      {({ pages }) => (
        <>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {pages
              .flatMap((page) => page.cards)
              .map((post, i) => (
                <PostCard key={post.id} post={post} heading="h2" eager={i === 0} />
              ))}
          </div>
          <LoadMore pages={posts} label="Load more stories" className="mt-10 text-center" />
        </>
      )}
    </QueryView>
  )
}
