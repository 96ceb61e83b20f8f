import { Link } from '@tanstack/react-router'
import { LoadError, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import { latestStoriesQuery } from './queries'
import { PostCard } from '../blog/post-card'

/** The 6 newest stories (SPEC.md §9), the first one larger. */
export function LatestAdventures() {
  const posts = useQuery(latestStoriesQuery())
  return (
    <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 py-16">
      <div className="flex items-end justify-between">
        <h2 id="latest-heading" className="text-3xl font-bold">
          Latest Adventures
        </h2>
        <Link to="/blog" className="font-medium text-teal-700 hover:underline">
          View all stories →
        </Link>
      </div>
      {posts.isPending ? (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          <Skeleton count={6} className="h-72" />
        </div>
      ) : posts.isError ? (
        <LoadError
          message={messages.posts.loadFailed}
          onRetry={() => void posts.refetch()}
          retryLabel="Try Again"
          className="mt-8 text-gray-600"
        />
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.data.cards.map((post, i) => (
            <PostCard key={post.id} post={post} large={i === 0} />
          ))}
        </div>
      )}
    </section>
  )
}
