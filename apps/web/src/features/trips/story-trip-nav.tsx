import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { StoryTripContext } from '@wayfarer/api/schemas'
import { dayAnchor, formatDayDate } from './format'
import { storyTripQuery } from './queries'

const pill =
  'rounded-lg px-3 py-2 text-sm font-medium text-teal-800 hover:bg-teal-100 focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none'

/** On a story in a published trip: "Day 3 of {trip}" linking to that day of the trip, and the days before and after. */
export function StoryTripNav({ slug }: { slug: string }) {
  const context = useQuery(storyTripQuery(slug))
  if (!context.data) return null
  return <TripDayBar context={context.data} />
}

function TripDayBar({ context }: { context: NonNullable<StoryTripContext> }) {
  const { trip, previous, next } = context
  return (
    <nav
      aria-label="Trip days"
      className="mt-4 rounded-xl border border-teal-200 bg-teal-50 p-3"
      data-testid="story-trip"
    >
      <p className="px-3 text-sm text-gray-800">
        <Link
          to="/trips/$tripSlug"
          params={{ tripSlug: trip.slug }}
          hash={dayAnchor(context.day)}
          className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
        >
          Day {context.day} of {trip.title}
        </Link>
        <span className="ml-2 text-gray-600">{formatDayDate(context.date)}</span>
      </p>
      {(previous || next) && (
        <div className="mt-1 flex flex-wrap justify-between gap-2">
          {previous ? (
            <Link to="/blog/$slug" params={{ slug: previous.slug }} rel="prev" className={pill}>
              ← Day {previous.day}: {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to="/blog/$slug" params={{ slug: next.slug }} rel="next" className={`${pill} text-right`}>
              Day {next.day}: {next.title} →
            </Link>
          )}
        </div>
      )}
    </nav>
  )
}
