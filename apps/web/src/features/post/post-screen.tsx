import { Link } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { messages } from '@wayfarer/api/messages'
import { notFoundPage, pageTitle, site, type PublicPost } from '@wayfarer/api/schemas'
import { Badge, Skeleton } from '@wayfarer/ui'
import { trpc } from '../../lib/trpc'
import { usePageMeta } from '../../lib/page-meta'
import { LocationPin } from './location-pin'
import { formatPostDate, formatViews } from './format'
import { ShareBar } from './share-bar'
import { PostComments } from '../comments/post-comments'

/** Post detail (SPEC.md §2). Reading it counts one view on the server. */
export function PostScreen({ slug }: { slug: string }) {
  const post = trpc.posts.bySlug.useQuery({ slug }, { retry: false, staleTime: Infinity })
  const notFound = post.error instanceof TRPCClientError && post.error.data?.code === 'NOT_FOUND'
  usePageMeta(
    post.data ? (post.data.meta_title || pageTitle(post.data.title)) : notFound ? pageTitle(messages.posts.notFound) : pageTitle('Blog'),
    post.data ? (post.data.meta_description || post.data.excerpt || site.description) : notFoundPage.description,
  )

  if (post.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12" aria-busy="true">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="aspect-video w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (post.isError) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound ? messages.posts.notFound : messages.posts.postLoadFailed}</h1>
        <p className="mt-3 text-gray-600">{messages.posts.notFoundText}</p>
        <Link to="/blog" className="mt-8 inline-block rounded-lg bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800">
          Back to Blog
        </Link>
      </section>
    )
  }
  return <PostArticle post={post.data} />
}

function PostArticle({ post }: { post: PublicPost }) {
  const date = post.published_at ?? post.created_at
  const location = [post.location_name, post.location_city, post.location_country].filter(Boolean).join(', ')
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/blog" className="text-sm font-medium text-teal-700 hover:underline">
        ← All stories
      </Link>
      <header className="mt-6">
        {post.category_name && <Badge color={post.category_color ?? '#6B7280'}>{post.category_name}</Badge>}
        <h1 className="mt-3 text-4xl font-bold leading-tight">{post.title}</h1>
        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          <span>
            By {post.first_name} {post.last_name}
          </span>
          <time dateTime={date}>{formatPostDate(date)}</time>
          <span data-testid="view-count">{formatViews(post.view_count)} views</span>
          <span>{post.reading_time} min read</span>
          {location && (
            <span>
              <LocationPin />
              {location}
            </span>
          )}
        </div>
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
            {post.tags.map((t) => (
              <li key={t.id}>
                <Badge>#{t.name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </header>
      {post.featured_image && (
        <img src={post.featured_image} alt={post.featured_image_alt ?? post.title} className="mt-8 aspect-video w-full rounded-xl object-cover" />
      )}
      {post.excerpt && <p className="mt-8 text-xl leading-relaxed text-gray-700">{post.excerpt}</p>}
      <div className="mt-8">
        <ShareBar title={post.title} url={window.location.href} />
      </div>
      <div
        data-testid="post-body"
        className="post-body mt-8"
        // Sanitised on the server with an allowlist before storing and again before serving.
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      <PostComments postId={post.id} />
    </article>
  )
}
