import { Link } from '@tanstack/react-router'
import { Button, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../lib/trpc'
import { PostCard } from '../blog/post-card'

/** The 6 newest stories (SPEC.md §9), the first one larger. */
export function LatestAdventures() {
  const posts = trpc.posts.published.useQuery({ limit: 6 })
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
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : posts.isError ? (
        <div role="alert" className="mt-8 text-center text-gray-600">
          <p>{messages.posts.loadFailed}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void posts.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.data.posts.map((post, i) => (
            <PostCard key={post.id} post={post} large={i === 0} />
          ))}
        </div>
      )}
    </section>
  )
}
