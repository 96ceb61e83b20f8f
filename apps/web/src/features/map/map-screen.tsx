import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { skipToken, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { cx } from '@wayfarer/ui'
import type { MapCluster, MapPhoto, MapStory, PlacesMapOutput } from '@wayfarer/api/schemas'
import { responsiveSrcset, staticPages } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'
import { plural } from '../../lib/numbers'
import { categoriesQuery } from '../blog/queries'
import { Lightbox } from '../gallery/lightbox'
import { tripQuery, tripsQuery } from '../trips/queries'
import { boxOf, viewAround, type MapView } from './mercator'
import { MapStoryCard } from './map-story-card'
import { countriesQuery, mapQuery } from './queries'
import { useElementWidth } from './use-element-width'
import { useMaxZoom, WorldMap } from './world-map'

export interface MapFilters {
  category?: string | undefined
  year?: number | undefined
  /** A published trip's slug: its stories and photos, its route, the map fitted to it. */
  trip?: string | undefined
}

const MAP_HEIGHT = 520

/**
 * /map: every published story and photo with a point, clustered, on the built-in vector world map; countries
 * visited shaded; filters by category and year; beside it the stories in view (the accessible alternative to
 * the markers). A story marker opens its card, a photo marker the gallery's lightbox.
 */
export function MapScreen({
  initialView,
  filters,
  onFilters,
}: {
  initialView: MapView
  filters: MapFilters
  onFilters: (f: MapFilters) => void
}) {
  usePageMeta(staticPages.map.title, staticPages.map.description)
  const [view, setView] = useState(initialView)
  const [box, width] = useElementWidth<HTMLDivElement>(800)
  const countries = useQuery(countriesQuery())
  const maxZoom = useMaxZoom()
  // A cluster that splits only beyond the map's deepest zoom lists what it holds instead.
  const shown = useQuery(
    mapQuery(
      width === undefined
        ? skipToken
        : { bbox: boxOf(view, width, MAP_HEIGHT), zoom: Math.min(view.zoom, maxZoom), max_zoom: maxZoom, ...filters },
    ),
  )
  const chosen = useChosenMarker()
  const visited = useMemo(
    () => new Set((countries.data?.countries ?? []).flatMap((c) => (c.numeric ? [c.numeric] : []))),
    [countries.data],
  )
  const data = shown.data
  const lines = useMemo(() => (data?.trips ?? []).flatMap((t) => t.lines), [data?.trips])
  useFitToTrip(filters.trip, width, setView)
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header>
        <h1 className="text-4xl font-bold text-gray-900">Map</h1>
        <p className="mt-2 text-gray-600" data-testid="map-counts">
          {countries.data
            ? `${plural(countries.data.countries.length, 'country', 'countries')} · ${plural(countries.data.places, 'place', 'places')}`
            : '\u00a0'}
        </p>
        <MapFilterFields filters={filters} onFilters={onFilters} years={countries.data?.years ?? []} />
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_320px]">
        <div ref={box}>
          <WorldMap
            view={view}
            onView={setView}
            width={width}
            height={MAP_HEIGHT}
            clusters={data?.clusters ?? []}
            stories={data?.stories ?? []}
            photos={data?.photos ?? []}
            visited={visited}
            lines={lines}
            onStory={chosen.showStory}
            onPhoto={chosen.setPhoto}
            onMembers={chosen.showMembers}
            label="World map of stories and photos"
          >
            <ChosenMarkerCard chosen={chosen} />
          </WorldMap>
          {shown.error ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
              The map could not be loaded. Please try again.
            </p>
          ) : null}
        </div>
        <StoriesInView inView={data?.in_view} />
      </div>
      {chosen.photo ? (
        <Lightbox photos={[chosen.photo]} index={0} onIndex={() => undefined} onClose={() => chosen.setPhoto(null)} />
      ) : null}
    </div>
  )
}

/** Choosing a trip fits the map to it (its stories, photos and route), once per choice: the visitor moves on from there. */
function useFitToTrip(trip: string | undefined, width: number | undefined, setView: (view: MapView) => void) {
  const page = useQuery({ ...tripQuery(trip ?? ''), enabled: Boolean(trip) })
  const bbox = trip && page.data?.slug === trip ? page.data.map.bbox : null
  const fitted = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!trip) fitted.current = undefined
    if (!trip || !bbox || width === undefined || fitted.current === trip) return
    fitted.current = trip
    setView(viewAround(bbox, width, MAP_HEIGHT))
  }, [trip, bbox, width, setView])
}

type ClusterMembers = NonNullable<MapCluster['members']>

/**
 * What the visitor picked on the map: a story (its card), a cluster too close to split (its members), or a photo
 * (the lightbox). A card that opens takes the focus, so keyboard users land in it; closing it (its button or
 * Escape) gives the focus back to the marker that opened it, or to the map when that marker has gone.
 */
function useChosenMarker() {
  const [story, setStory] = useState<MapStory | null>(null)
  const [photo, setPhoto] = useState<MapPhoto | null>(null)
  const [members, setMembers] = useState<ClusterMembers | null>(null)
  const card = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (story || members) card.current?.focus()
  }, [story, members])
  const remember = () => {
    const active = document.activeElement
    // Moving from the members' list to one of its stories keeps the marker that opened the list.
    if (active instanceof HTMLElement && !card.current?.contains(active)) opener.current = active
  }
  const close = () => {
    const back = opener.current
    setStory(null)
    setMembers(null)
    opener.current = null
    // The card sits inside the map's frame, beside the map's surface.
    const map = card.current?.parentElement?.querySelector<HTMLElement>('[data-testid="world-map"]')
    ;(back?.isConnected ? back : map)?.focus()
  }
  return {
    story,
    photo,
    members,
    card,
    setPhoto,
    close,
    showStory: (s: MapStory) => {
      remember()
      setMembers(null)
      setStory(s)
    },
    showMembers: (m: ClusterMembers) => {
      remember()
      setStory(null)
      setMembers(m)
    },
  }
}

/** The card over the map for the chosen story, or the list of what stands at the chosen spot. */
function ChosenMarkerCard({ chosen }: { chosen: ReturnType<typeof useChosenMarker> }) {
  if (chosen.story)
    return (
      <MapPopup chosen={chosen} labelledBy="map-story-title">
        <MapStoryCard story={chosen.story} headingId="map-story-title" onClose={chosen.close} />
      </MapPopup>
    )
  if (!chosen.members) return null
  const link =
    'text-left text-teal-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none'
  return (
    <MapPopup
      chosen={chosen}
      labelledBy="map-members-title"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-lg"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id="map-members-title" className="font-bold text-gray-900">
          At this spot
        </h3>
        <button
          type="button"
          onClick={chosen.close}
          aria-label="Close"
          className="-mt-1 rounded px-2 text-xl leading-none text-gray-600 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          ×
        </button>
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {chosen.members.stories.map((s) => (
          <li key={`s${s.id}`}>
            <button type="button" onClick={() => chosen.showStory(s)} className={link}>
              Story: {s.title}
            </button>
          </li>
        ))}
        {chosen.members.photos.map((p) => (
          <li key={`p${p.id}`}>
            <button type="button" onClick={() => chosen.setPhoto(p)} className={link}>
              Photo: {p.title || p.location || 'untitled'}
            </button>
          </li>
        ))}
      </ul>
    </MapPopup>
  )
}

/** A card over the map's corner, a dialog that takes the focus when it opens. */
function MapPopup({
  chosen,
  labelledBy,
  className = '',
  children,
}: {
  chosen: ReturnType<typeof useChosenMarker>
  labelledBy: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      ref={chosen.card}
      tabIndex={-1}
      role="dialog"
      aria-labelledby={labelledBy}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.preventDefault()
        chosen.close()
      }}
      className={`absolute bottom-3 left-3 w-72 max-w-[calc(100%-1.5rem)] outline-none ${className}`}
    >
      {children}
    </div>
  )
}

/** The category and year filters (kept in the URL by the route) and the way to the list of countries. */
function MapFilterFields({
  filters,
  onFilters,
  years,
}: {
  filters: MapFilters
  onFilters: (f: MapFilters) => void
  years: number[]
}) {
  const categories = useQuery(categoriesQuery())
  const trips = useQuery(tripsQuery())
  // Each select has its own width, not its longest option's: the choices arrive after the first paint, and a
  // wider select would wrap the row and push the map down (a layout shift).
  return (
    <div className="mt-4 flex flex-wrap items-end gap-4">
      <FilterSelect
        label="Trip"
        className="w-44"
        value={filters.trip ?? ''}
        onChange={(trip) => onFilters({ ...filters, trip: trip || undefined })}
        all="All trips"
        options={(trips.data?.trips ?? []).map((t) => ({ value: t.slug, label: t.title }))}
      />
      <FilterSelect
        label="Category"
        className="w-40"
        value={filters.category ?? ''}
        onChange={(category) => onFilters({ ...filters, category: category || undefined })}
        all="All categories"
        options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
      />
      <FilterSelect
        label="Year"
        className="w-32"
        value={String(filters.year ?? '')}
        onChange={(year) => onFilters({ ...filters, year: year ? Number(year) : undefined })}
        all="All years"
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
      />
      <Link to="/places" className="pb-2 text-sm font-medium text-teal-700 hover:underline">
        All countries visited
      </Link>
    </div>
  )
}

/** One of the map's filters: its label around a select whose first choice ("All …", empty) filters nothing. */
function FilterSelect({
  label,
  className,
  value,
  onChange,
  all,
  options,
}: {
  label: string
  className?: string
  value: string
  onChange: (value: string) => void
  all: string
  options: { value: string; label: string }[]
}) {
  return (
    <label className="text-sm font-medium text-gray-700">
      {label}
      <select
        className={cx('mt-1 block rounded-lg border border-gray-300 bg-white px-3 py-2', className)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The stories the map shows, as links: the same content as the markers, for every reader. */
function StoriesInView({ inView }: { inView: PlacesMapOutput['in_view'] | undefined }) {
  return (
    <section aria-labelledby="in-view-heading">
      <h2 id="in-view-heading" className="text-lg font-bold text-gray-900">
        Stories in view
      </h2>
      <p className="text-sm text-gray-600" aria-live="polite" data-testid="in-view-count">
        {inView ? plural(inView.total, 'story', 'stories') : '\u00a0'}
      </p>
      {/* Beside the map (wide screens) the list scrolls on its own to stay as tall as the map; below it, the page scrolls. */}
      <ul className="mt-3 space-y-2 lg:max-h-[460px] lg:overflow-y-auto lg:p-1" data-testid="in-view-list">
        {(inView?.stories ?? []).map((s) => (
          <li key={s.id}>
            <Link
              to="/blog/$slug"
              params={{ slug: s.slug }}
              className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-2 hover:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              {s.image ? (
                <img
                  src={s.image}
                  srcSet={responsiveSrcset(s.image)}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  data-testid="in-view-thumbnail"
                  className="h-16 w-16 shrink-0 rounded-md bg-gray-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded-md bg-teal-50" />
              )}
              <span className="min-w-0">
                <span className="block font-medium text-gray-900">{s.title}</span>
                <span className="block text-sm text-gray-600">{s.location}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
