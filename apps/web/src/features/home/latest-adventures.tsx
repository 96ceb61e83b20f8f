import { Link } from '@tanstack/react-router'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import { latestStoriesQuery } from './queries'
import { PostCard } from '../blog/post-card'

/** The 6 newest stories, the first one larger. */
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
      <QueryView
        query={posts}
        loading={<Skeleton layout="mt-8 grid gap-6 md:grid-cols-3" count={6} className="h-72" />}
        failed={messages.posts.loadFailed}
        retryLabel="Try Again"
        failedClassName="mt-8 text-gray-600"
      >
        {(latest) => (
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {latest.cards.map((post, i) => (
              <PostCard key={post.id} post={post} large={i === 0} />
            ))}
          </div>
        )}
      </QueryView>
    </section>
  )
}
