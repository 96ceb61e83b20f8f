import { Link } from '@tanstack/react-router'
import type { TripCard as Trip } from '@wayfarer/api/schemas'
import { LiveBadge } from './live-badge'
import { plural } from '../../lib/numbers'
import { Flag } from '../map/flag'
import { countryName, formatDistance, tripDatesLine } from './format'

// The server preloads the first cover at this size (the list's head), so the first card paints at once.
const COVER_SIZES = '(min-width: 768px) 50vw, 100vw'

/** A trip in the list: cover, title, dates and length, flags, distance and stories; a live trip says so. */
export function TripCard({ trip, eager = false }: { trip: Trip; eager?: boolean }) {
  return (
    <article
      data-testid="trip-card"
      className="group overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link
        to="/trips/$tripSlug"
        params={{ tripSlug: trip.slug }}
        className="flex h-full flex-col focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
      >
        <div className="relative aspect-[16/9] bg-stone-200">
          {trip.cover && (
            <img
              src={trip.cover.url}
              srcSet={trip.cover.srcset || undefined}
              sizes={COVER_SIZES}
              alt={trip.cover.alt}
              width={trip.cover.width || undefined}
              height={trip.cover.height || undefined}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              className="h-full w-full object-cover"
            />
          )}
          {trip.state === 'live' && <LiveBadge className="absolute top-3 left-3" />}
        </div>
        <div className="flex flex-1 flex-col p-5">
          <h2 className="text-xl font-bold text-gray-900 group-hover:text-teal-700">{trip.title}</h2>
          <p className="mt-1 text-sm text-gray-600" data-testid="trip-dates">
            {tripDatesLine(trip)}
          </p>
          {trip.summary && <p className="mt-3 line-clamp-3 text-gray-700">{trip.summary}</p>}
          <TripCardFigures trip={trip} />
        </div>
      </Link>
    </article>
  )
}

function TripCardFigures({ trip }: { trip: Trip }) {
  return (
    <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-sm text-gray-700">
      {trip.country_codes.length > 0 && <Flags codes={trip.country_codes} />}
      {trip.distance_m > 0 && <span>{formatDistance(trip.distance_m)}</span>}
      <span>{plural(trip.story_count, 'story', 'stories')}</span>
    </div>
  )
}

/** The flags of the countries, named for screen readers and on hover. */
export function Flags({ codes }: { codes: string[] }) {
  const names = codes.map(countryName)
  return (
    <span
      role="img"
      aria-label={`Countries: ${names.join(', ')}`}
      title={names.join(', ')}
      className="inline-flex gap-1 text-lg"
    >
      {codes.map((code) => (
        <Flag key={code} code={code} />
      ))}
    </span>
  )
}
