import { Link } from '@tanstack/react-router'
import type { MapStory } from '@wayfarer/api/schemas'
import { Badge } from '@wayfarer/ui'
import { formatPostDate } from '../post/format'

/** A story as the map shows it when its marker is chosen, and in a country's list. */
export function MapStoryCard({
  story,
  headingId,
  onClose,
}: {
  story: MapStory
  headingId?: string
  onClose?: () => void
}) {
  return (
    <article
      data-testid="map-story-card"
      className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg"
    >
      {story.image ? (
        <img
          src={story.image}
          alt={story.image_alt ?? ''}
          className="aspect-[16/9] w-full object-cover"
          loading="lazy"
        />
      ) : null}
      <div className="p-4">
        <div className="flex items-start justify-between gap-2">
          {story.category_name ? (
            <Badge color={story.category_color ?? undefined}>{story.category_name}</Badge>
          ) : (
            <span />
          )}
          {onClose ? (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close story card"
              className="-mt-1 rounded px-2 text-xl leading-none text-gray-600 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              ×
            </button>
          ) : null}
        </div>
        <h3 id={headingId} className="mt-2 text-lg font-bold text-gray-900">
          <Link to="/blog/$slug" params={{ slug: story.slug }} className="hover:text-teal-700 focus-visible:underline">
            {story.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          {story.location}
          {story.published_at ? ` · ${formatPostDate(story.published_at)}` : ''}
        </p>
        <p className="mt-2 line-clamp-3 text-sm text-gray-700">{story.excerpt}</p>
      </div>
    </article>
  )
}
