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
        'group overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md',
        large && 'md:col-span-2 md:row-span-2',
      )}
    >
      <Link to="/blog/$slug" params={{ slug: post.slug }} className="flex h-full flex-col">
        {post.featured_image && (
          <img
            src={post.featured_image}
            srcSet={responsiveSrcset(post.featured_image)}
            // A third of the row from 1024 px (two thirds for the large card), half from 640 px, else the screen.
            sizes={large ? '(min-width: 768px) 66vw, 100vw' : CARD_IMAGE_SIZES}
            alt={post.featured_image_alt ?? post.title}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            className={cx('w-full object-cover', large ? 'aspect-[16/10]' : 'aspect-[4/3]')}
          />
        )}
        <div className="flex flex-1 flex-col p-5">
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
            {post.category_name && <Badge color={post.category_color ?? '#6B7280'}>{post.category_name}</Badge>}
            <time dateTime={date}>{formatPostDate(date)}</time>
            <span>· {post.reading_time} min read</span>
          </div>
          <Heading
            className={cx('mt-3 font-bold text-gray-900 group-hover:text-teal-700', large ? 'text-2xl' : 'text-lg')}
          >
            {post.title}
          </Heading>
          {post.excerpt && (
            <p className={cx('mt-2 text-gray-600', large ? 'line-clamp-4' : 'line-clamp-3 text-sm')}>{post.excerpt}</p>
          )}
          {post.location_name && (
            <p className="mt-auto pt-4 text-xs text-gray-500">
              <LocationPin />
              {[post.location_name, post.location_country].filter(Boolean).join(', ')}
            </p>
          )}
        </div>
      </Link>
    </article>
  )
}
