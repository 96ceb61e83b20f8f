import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import type { TripDay, TripGap, TripPage } from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { LocationPin } from '../post/location-pin'
import { dayAnchor, dayRange, formatDayDate, formatTripDates } from './format'
import { DayPhotos } from './day-photos'
import { TripStoryCard } from './trip-story-card'
import { tripTimelineQuery } from './queries'

type Entry = TripPage['timeline'][number]

/** The day-by-day timeline: the first days come with the page, "Show more days" reads on. */
export function TripTimeline({ slug, first, nextDay }: { slug: string; first: Entry[]; nextDay: number | null }) {
  return (
    <section aria-labelledby="timeline-heading" className="mt-12">
      <h2 id="timeline-heading" className="text-2xl font-bold text-gray-900">
        Day by day
      </h2>
      {first.length === 0 ? (
        <p className="mt-4 text-gray-600">The first day has not begun yet.</p>
      ) : (
        <TimelineEntries slug={slug} entries={first} nextDay={nextDay} />
      )}
    </section>
  )
}

/** The day a link asked for (`#day-18`, from a story's "Day 18 of …"), or null. */
function useTargetDay(): number | null {
  const hash = useLocation({ select: (l) => l.hash })
  const match = /^day-(\d+)$/.exec(hash)
  return match ? Number(match[1]) : null
}

function TimelineEntries({
  slug,
  entries,
  nextDay,
  late = false,
}: {
  slug: string
  entries: Entry[]
  nextDay: number | null
  late?: boolean
}) {
  const target = useTargetDay()
  const [asked, setAsked] = useState(false)
  // A link to a day past the first page reads on by itself until that day is there.
  const more = asked || (target !== null && nextDay !== null && target >= nextDay)
  return (
    <>
      <ol className="mt-6 space-y-8 border-l-2 border-teal-200 pl-6" data-testid="trip-timeline">
        {entries.map((e) =>
          e.kind === 'day' ? (
            <TimelineDay key={`d${e.day}`} slug={slug} day={e} scrollTo={late && e.day === target} />
          ) : (
            <TimelineGap key={`g${e.from_day}`} gap={e} />
          ),
        )}
      </ol>
      {nextDay !== null &&
        (more ? (
          <LaterDays slug={slug} from={nextDay} />
        ) : (
          <button
            type="button"
            onClick={() => setAsked(true)}
            className="mt-6 rounded-lg border border-teal-700 px-4 py-2 font-medium text-teal-800 hover:bg-teal-50 focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            Show more days
          </button>
        ))}
    </>
  )
}

/** The next page of the timeline, from a day on. */
function LaterDays({ slug, from }: { slug: string; from: number }) {
  const page = useQuery(tripTimelineQuery(slug, from))
  return (
    <QueryView
      query={page}
      loading={<Skeleton className="mt-6 h-40 w-full" />}
      failed="The next days could not be loaded."
      failedClassName="mt-6"
    >
      {(data) => <TimelineEntries slug={slug} entries={data.timeline} nextDay={data.next_day} late />}
    </QueryView>
  )
}

function TimelineDay({ slug, day, scrollTo }: { slug: string; day: TripDay; scrollTo: boolean }) {
  const headingId = `${dayAnchor(day.day)}-heading`
  // The router scrolls to a day of the first page; a day read on later is scrolled to when it arrives.
  useEffect(() => {
    if (scrollTo) document.getElementById(dayAnchor(day.day))?.scrollIntoView()
  }, [scrollTo, day.day])
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className="absolute top-1.5 -left-[33px] h-4 w-4 rounded-full border-2 border-white bg-teal-700"
      />
      <section
        id={dayAnchor(day.day)}
        tabIndex={-1}
        aria-labelledby={headingId}
        data-testid="trip-day"
        className="scroll-mt-24 rounded-lg outline-none focus-visible:ring-4 focus-visible:ring-teal-600"
      >
        <h3 id={headingId} className="text-xl font-bold text-gray-900">
          Day {day.day}
          <span className="ml-2 text-base font-normal text-gray-600">{formatDayDate(day.date)}</span>
        </h3>
        {day.place && (
          <p className="mt-1 text-sm text-gray-700">
            <LocationPin />
            {day.place}
          </p>
        )}
        {day.stories.length > 0 && (
          <ul className="mt-4 space-y-4">
            {day.stories.map((s) => (
              <li key={s.id}>
                <TripStoryCard story={s} />
              </li>
            ))}
          </ul>
        )}
        {day.photo_count > 0 && <DayPhotos slug={slug} day={day} />}
      </section>
    </li>
  )
}

/** Days with nothing to show, folded into one line. */
function TimelineGap({ gap }: { gap: TripGap }) {
  return (
    <li className="relative text-gray-600" data-testid="trip-gap">
      <span aria-hidden="true" className="absolute top-1.5 -left-[31px] h-3 w-3 rounded-full bg-teal-200" />
      <p>
        <span className="font-semibold">{dayRange(gap.from_day, gap.to_day)}:</span> on the road
        <span className="ml-2 text-sm">({formatTripDates(gap.from_date, gap.to_date)})</span>
      </p>
    </li>
  )
}
