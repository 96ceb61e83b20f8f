import { Link } from '@tanstack/react-router'
import { CARD_IMAGE_SIZES, responsiveSrcset, type PostCard as StoryCard } from '@wayfarer/api/schemas'
import { Badge, cx } from '@wayfarer/ui'
import { LocationPin } from '../post/location-pin'
import { formatPostDate } from '../post/format'

/**
 * A story card linking to /blog/{slug}; `large` is the home page's lead story. `heading` follows the page's
 * outline: h2 right under the page title (/blog), h3 inside a titled section (Home's Latest Adventures).
 * `eager` for the cards of the first screen: the largest image there is the page's LCP and must not wait.
 */
export function PostCard({
  post,
  large = false,
  heading: Heading = 'h3',
  eager = false,
}: {
  post: StoryCard
  large?: boolean
  heading?: 'h2' | 'h3'
  eager?: boolean
}) {
  const date = post.published_at ?? post.created_at
  return (
    <article
      data-testid="post-card"
      className={cx(
        // The focus ring sits on the card: the link's own outline would be clipped by the rounded corners.
        'group overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-teal-700 has-[:focus-visible]:ring-offset-2',
        large && 'md:col-span-2 md:row-span-2',
      )}
    >
      <Link to="/blog/$slug" params={{ slug: post.slug }} className="flex h-full flex-col focus-visible:outline-none">
        {post.featured_image && (
          <img
            src={post.featured_image}
            srcSet={responsiveSrcset(post.featured_image)}
            // A third of the row from 1024 px (two thirds for the large card), half from 640 px, else the screen.
            sizes={large ? '(min-width: 768px) 66vw, 100vw' : CARD_IMAGE_SIZES}
            // The link is named by its title; the picture adds nothing to it.
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            className={cx('w-full object-cover', large ? 'aspect-[16/10]' : 'aspect-[4/3]')}
          />
        )}
        <div className="flex flex-1 flex-col p-5">
          {/* The title comes first in the link's name (screen readers list links by it); shown below the line. */}
          <Heading
            className={cx(
              'order-2 mt-3 font-bold text-gray-900 group-hover:text-teal-700',
              large ? 'text-2xl' : 'text-lg',
            )}
          >
            {post.title}
          </Heading>
          <div className="order-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
            {post.category_name && <Badge color={post.category_color ?? '#6B7280'}>{post.category_name}</Badge>}
            <time dateTime={date}>{formatPostDate(date)}</time>
            <span>· {post.reading_time} min read</span>
          </div>
          {post.excerpt && (
            <p className={cx('order-3 mt-2 text-gray-600', large ? 'line-clamp-4' : 'line-clamp-3 text-sm')}>
              {post.excerpt}
            </p>
          )}
          {post.location_name && (
            <p className="order-4 mt-auto pt-4 text-xs text-gray-500">
              <LocationPin />
              {[post.location_name, post.location_country].filter(Boolean).join(', ')}
            </p>
          )}
        </div>
      </Link>
    </article>
  )
}
