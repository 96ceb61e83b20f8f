import { Link } from '@tanstack/react-router'
import { responsiveSrcset, type TripStory } from '@wayfarer/api/schemas'

/** A story of a day in the timeline: picture beside the text from 640 px, above it on a phone. */
export function TripStoryCard({ story }: { story: TripStory }) {
  return (
    <article className="group overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm hover:shadow-md">
      <Link
        to="/blog/$slug"
        params={{ slug: story.slug }}
        className="flex flex-col focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none sm:flex-row"
      >
        {story.featured_image && (
          <img
            src={story.featured_image}
            srcSet={responsiveSrcset(story.featured_image)}
            sizes="(min-width: 640px) 240px, 100vw"
            alt={story.featured_image_alt ?? story.title}
            loading="lazy"
            className="aspect-[4/3] w-full object-cover sm:w-60 sm:shrink-0"
          />
        )}
        <div className="p-4">
          <h4 className="text-lg font-bold text-gray-900 group-hover:text-teal-700">{story.title}</h4>
          {story.excerpt && <p className="mt-1 line-clamp-3 text-sm text-gray-600">{story.excerpt}</p>}
          <p className="mt-2 text-xs text-gray-600">{story.reading_time} min read</p>
        </div>
      </Link>
    </article>
  )
}
