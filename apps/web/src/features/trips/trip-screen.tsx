import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { pageTitle, tripsPage, type TripPage } from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { usePageMeta } from '../../lib/page-meta'
import { useNearViewport } from '../../lib/use-near-viewport'
import { plural } from '../../lib/numbers'
import { NotFoundScreen } from '../pages/not-found-screen'
import { Flag } from '../map/flag'
import { dayAnchor, formatDistance, lastSeenLine, tripDatesLine } from './format'
import { LiveBadge } from './live-badge'
import { TripTimeline } from './trip-timeline'
import { tripQuery } from './queries'
import { NewsletterForm } from '../blog/newsletter-form'

// The map code (d3-geo, the world's shapes) loads only on pages that draw a map, as on /map.
const TripMap = lazy(() => import('./trip-map'))

/** /trips/{slug}: a published trip. An unknown or draft trip is a page that does not exist (the server says 404 too). */
export function TripScreen({ slug }: { slug: string }) {
  const trip = useQuery(tripQuery(slug))
  const notFound = trip.error?.data?.code === 'NOT_FOUND' || trip.error?.data?.httpStatus === 400
  usePageMeta(
    pageTitle(trip.data?.title ?? (notFound ? 'Page Not Found' : tripsPage.name)),
    trip.data?.summary || tripsPage.description,
  )
  return (
    <QueryView
      query={trip}
      loading={
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-10" aria-busy="true">
          <Skeleton className="aspect-[21/9] w-full rounded-xl" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-[360px] w-full rounded-xl" />
        </div>
      }
      failed={(error) =>
        error.data?.code === 'NOT_FOUND' || error.data?.httpStatus === 400 ? (
          <NotFoundScreen />
        ) : (
          'This trip could not be loaded.'
        )
      }
      failedClassName="py-24"
    >
      {(data) => <TripArticle trip={data} />}
    </QueryView>
  )
}

function TripArticle({ trip }: { trip: TripPage }) {
  const showDay = (day: number) => {
    const target = document.getElementById(dayAnchor(day))
    target?.scrollIntoView({ block: 'start' })
    target?.focus({ preventScroll: true })
  }
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/trips" className="text-sm font-medium text-teal-700 hover:underline">
        ← All trips
      </Link>
      <TripHeader trip={trip} />
      <TripFigures trip={trip} />
      {trip.map.bbox && <TripRoute trip={trip} onDay={showDay} />}
      <TripTimeline slug={trip.slug} first={trip.timeline} nextDay={trip.timeline_next_day} />
      <NewsletterForm tripId={trip.id} heading="Follow this trip" text={`New days of ${trip.title} in your inbox.`} />
    </article>
  )
}

/** The trip's map, built when the reader scrolls near it (or tabs to it), with a placeholder of its size till then. */
function TripRoute({ trip, onDay }: { trip: TripPage; onDay: (day: number) => void }) {
  const [section, near] = useNearViewport<HTMLElement>()
  const placeholder = <Skeleton className="mt-4 h-[420px] w-full rounded-xl" />
  return (
    <section ref={section} aria-labelledby="trip-map-heading" className="mt-10">
      <h2 id="trip-map-heading" className="text-2xl font-bold text-gray-900">
        The route
      </h2>
      {near ? (
        <Suspense fallback={placeholder}>
          <TripMap map={trip.map} title={trip.title} onDay={onDay} />
        </Suspense>
      ) : (
        placeholder
      )}
      <Link
        to="/map"
        search={{ trip: trip.slug }}
        className="mt-3 inline-block text-sm font-medium text-teal-700 underline underline-offset-2"
      >
        See this trip on the big map
      </Link>
    </section>
  )
}

function TripHeader({ trip }: { trip: TripPage }) {
  return (
    <header className="mt-4">
      {trip.cover && (
        <img
          src={trip.cover.url}
          srcSet={trip.cover.srcset || undefined}
          // The server preloads the cover at the page's width.
          sizes="100vw"
          alt={trip.cover.alt}
          width={trip.cover.width || undefined}
          height={trip.cover.height || undefined}
          fetchPriority="high"
          className="aspect-[21/9] w-full rounded-xl object-cover"
        />
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-bold text-gray-900">{trip.title}</h1>
        {trip.state === 'live' && <LiveBadge />}
      </div>
      <p className="mt-2 text-gray-600" data-testid="trip-dates">
        {tripDatesLine(trip)}
        {trip.state === 'planned' && ' · planned'}
      </p>
      {trip.last_seen && (
        <p className="mt-2 font-medium text-teal-800" data-testid="last-seen">
          <time dateTime={trip.last_seen.at}>{lastSeenLine(trip.last_seen)}</time>
          {trip.last_seen.note && <span className="font-normal text-gray-700"> · “{trip.last_seen.note}”</span>}
        </p>
      )}
      {trip.summary && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-gray-700">{trip.summary}</p>}
      <a
        href={`/trips/${encodeURIComponent(trip.slug)}/rss.xml`}
        className="mt-4 inline-block text-sm font-medium text-teal-700 underline underline-offset-2 hover:text-teal-900"
      >
        Follow this trip (RSS feed)
      </a>
    </header>
  )
}

/** Days, kilometres, countries, stories and photos: all derived by the server, never typed in. */
function TripFigures({ trip }: { trip: TripPage }) {
  const figures: [string, string][] = [
    [trip.state === 'live' ? 'Day' : 'Days', trip.day_count.toLocaleString('en-US')],
    ['Distance', formatDistance(trip.distance_m)],
    ['Countries', trip.countries.length.toLocaleString('en-US')],
    ['Stories', trip.story_count.toLocaleString('en-US')],
    ['Photos', trip.photo_count.toLocaleString('en-US')],
  ]
  return (
    <div className="mt-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="trip-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-gray-200 bg-white p-4">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="text-2xl font-bold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {trip.countries.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={plural(trip.countries.length, 'country', 'countries')}>
          {trip.countries.map((c) => (
            <li key={c.code} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-gray-800">
              <Flag code={c.code} className="mr-1.5" />
              {c.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
