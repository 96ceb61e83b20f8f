import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import {
  FEATURED_IMAGE_SIZES,
  notFoundPage,
  pageTitle,
  responsiveSrcset,
  site,
  type PublicPost,
} from '@wayfarer/api/schemas'
import { Badge, cx, QueryView, Skeleton } from '@wayfarer/ui'
import { trpc } from '../../lib/trpc'
import { previewQuery, storyQuery } from './queries'
import { usePageMeta } from '../../lib/page-meta'
import { LocationPin } from './location-pin'
import { formatPostDate, formatViews } from './format'
import { counted } from '../../lib/numbers'
import { ShareBar } from './share-bar'
import { STORY_TITLE_CLASS, StoryBody } from './story-body'
import { PostComments } from '../comments/post-comments'
import { PreviewPlaceSection, StoryPlaceSection } from './story-place-section'
import { StoryTripNav } from '../trips/story-trip-nav'

/**
 * A story's page. Showing it counts one view on the server (not preloading it). With `preview` (the
 * owner's signed link from "View" on a draft) it shows that post whatever its status, counts nothing, and is
 * kept out of search engines.
 */
export function PostScreen({ slug, preview }: { slug: string; preview?: string | undefined }) {
  return preview ? <PreviewScreen token={preview} /> : <PublishedPostScreen slug={slug} />
}

function PreviewScreen({ token }: { token: string }) {
  const post = useQuery(previewQuery(token))
  usePageMeta(pageTitle(post.data ? `Preview: ${post.data.title}` : 'Preview'), site.description)
  useNoIndex()
  return (
    <QueryView
      query={post}
      loading={<PostSkeleton />}
      failed={(error) => (
        <Unavailable
          title="Preview unavailable"
          text={error.data?.httpStatus === 401 ? 'Sign in to preview drafts.' : error.message}
          back={{ to: '/admin/posts', label: 'Back to posts' }}
        />
      )}
    >
      {(shown) => <PostArticle post={shown} previewToken={token} />}
    </QueryView>
  )
}

/** Keeps this page out of search results even if a crawler got hold of the link (the server says so too). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.append(meta)
    return () => meta.remove()
  }, [])
}

function PublishedPostScreen({ slug }: { slug: string }) {
  const post = useQuery(storyQuery(slug))
  const notFound = post.error?.data?.code === 'NOT_FOUND'
  const queryClient = useQueryClient()
  const { mutate: countView } = useMutation(
    trpc.posts.recordView.mutationOptions({
      onSuccess: ({ view_count }) =>
        queryClient.setQueryData(trpc.posts.story.queryKey({ slug }), (shown) => shown && { ...shown, view_count }),
    }),
  )
  const shown = post.data !== undefined
  const counted = useRef(false) // once per visit, also when development mode runs effects twice
  useEffect(() => {
    if (!shown || counted.current) return
    counted.current = true
    countView({ slug })
  }, [shown, slug, countView])
  usePageMeta(
    post.data
      ? post.data.meta_title || pageTitle(post.data.title)
      : notFound
        ? pageTitle(messages.posts.notFound)
        : pageTitle('Blog'),
    post.data ? post.data.meta_description || post.data.excerpt || site.description : notFoundPage.description,
  )

  return (
    <QueryView
      query={post}
      loading={<PostSkeleton />}
      failed={() => (
        <Unavailable
          title={notFound ? messages.posts.notFound : messages.posts.postLoadFailed}
          text={messages.posts.notFoundText}
          back={{ to: '/blog', label: 'Back to Blog' }}
        />
      )}
    >
      {(shown) => <PostArticle post={shown} />}
    </QueryView>
  )
}

/** A story that cannot be shown: why, and the way back. */
function Unavailable({
  title,
  text,
  back,
}: {
  title: string
  text: string
  back: { to: '/blog' | '/admin/posts'; label: string }
}) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-600">{text}</p>
      <Link
        to={back.to}
        className="mt-8 inline-block rounded-lg bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800"
      >
        {back.label}
      </Link>
    </section>
  )
}

function PostSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-12" aria-busy="true" data-testid="post-skeleton">
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="aspect-video w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}

/** A story as visitors see it; with `previewToken`, the owner's preview (no sharing, trip links or comments). */
function PostArticle({ post, previewToken }: { post: PublicPost; previewToken?: string }) {
  const preview = previewToken !== undefined
  const date = post.published_at ?? post.created_at
  const location = [post.location_name, post.location_city, post.location_country].filter(Boolean).join(', ')
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      {preview && (
        <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Preview{post.published_at ? '' : ' of a draft'}: only you can see this page. Visitors see it once it is
          published.
        </p>
      )}
      <Link to="/blog" activeOptions={{ exact: true }} className="text-sm font-medium text-teal-700 hover:underline">
        ← All stories
      </Link>
      {!preview && <StoryTripNav slug={post.slug} />}
      <header className="mt-6">
        {post.category_name && <Badge color={post.category_color ?? '#6B7280'}>{post.category_name}</Badge>}
        <h1 className={cx('mt-3', STORY_TITLE_CLASS)}>{post.title}</h1>
        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          <span>
            By {post.first_name} {post.last_name}
          </span>
          <time dateTime={date}>{formatPostDate(date)}</time>
          <span data-testid="view-count">
            {counted(post.view_count, formatViews(post.view_count), 'view', 'views')}
          </span>
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
        <img
          src={post.featured_image}
          srcSet={responsiveSrcset(post.featured_image)}
          sizes={FEATURED_IMAGE_SIZES}
          alt={post.featured_image_alt ?? post.title}
          fetchPriority="high"
          className="mt-8 aspect-video w-full rounded-xl object-cover"
        />
      )}
      {post.excerpt && <p className="mt-8 text-xl leading-relaxed text-gray-700">{post.excerpt}</p>}
      {!preview && (
        <div className="mt-8">
          <ShareBar title={post.title} url={window.location.href} />
        </div>
      )}
      <StoryBody html={post.content} className="mt-8" />
      {preview ? (
        <PreviewPlaceSection token={previewToken} location={location} />
      ) : (
        <StoryPlaceSection slug={post.slug} location={location} />
      )}
      {!preview && <PostComments postId={post.id} />}
    </article>
  )
}
