import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { geoMercator, geoPath, type GeoPath } from 'd3-geo'
import type { MultiLineString } from 'geojson'
import type { StoryPlace, StoryRoute } from '@wayfarer/api/schemas'
import { project, worldPx } from './mercator'
import { pointAlong, segmentsOf } from './route-geometry'
import { countries } from './world-map'
import { Lightbox } from '../gallery/lightbox'

const WIDTH = 800
const MINI_HEIGHT = 260
const ROUTE_HEIGHT = 360
const PROFILE_HEIGHT = 140
const MINI_ZOOM = 5

const km = (m: number) => `${(m / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} km`
const metres = (m: number) => `${Math.round(m).toLocaleString('en')} m`

/** Where a story happened: a small map linking to /map there, and its route when it has one. Loaded lazily. */
export default function StoryPlaceMaps({
  place,
  route,
  location,
}: {
  place: StoryPlace
  route: StoryRoute | undefined
  location: string
}) {
  return (
    <section aria-labelledby="story-place-heading" className="mt-12">
      <h2 id="story-place-heading" className="text-2xl font-bold text-gray-900">
        {route ? 'The route' : 'Where it happened'}
      </h2>
      {route ? (
        <RouteMap route={route} />
      ) : place.latitude !== null && place.longitude !== null ? (
        <MiniMap latitude={place.latitude} longitude={place.longitude} location={location} />
      ) : null}
    </section>
  )
}

/** The land behind both maps, drawn by the map's own projection. */
function Countries({ path }: { path: GeoPath }) {
  return (
    <>
      {countries.map((c) => (
        <path
          key={c.id || c.name}
          d={path(c.geometry) ?? ''}
          className="fill-stone-100 stroke-white"
          strokeWidth={0.8}
        />
      ))}
    </>
  )
}

function MiniMap({ latitude, longitude, location }: { latitude: number; longitude: number; location: string }) {
  const [x, y] = project(longitude, latitude, MINI_ZOOM)
  const size = worldPx(MINI_ZOOM)
  const projection = geoMercator()
    .scale(size / (2 * Math.PI))
    .translate([size / 2 - x + WIDTH / 2, size / 2 - y + MINI_HEIGHT / 2])
    .clipExtent([
      [0, 0],
      [WIDTH, MINI_HEIGHT],
    ])
  const path = geoPath(projection)
  return (
    <Link
      to="/map"
      search={{ lat: latitude, lng: longitude, zoom: 9 }}
      aria-label={`Open the map at ${location || 'this story'}`}
      data-testid="story-mini-map"
      className="mt-4 block overflow-hidden rounded-xl border border-gray-200 bg-sky-100 focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
    >
      <svg viewBox={`0 0 ${WIDTH} ${MINI_HEIGHT}`} className="block w-full" aria-hidden="true">
        <Countries path={path} />
        <circle cx={WIDTH / 2} cy={MINI_HEIGHT / 2} r={9} className="fill-orange-700 stroke-white" strokeWidth={3} />
      </svg>
    </Link>
  )
}

function RouteMap({ route }: { route: StoryRoute }) {
  // One line per track segment: nothing joins the end of one to the start of the next.
  const line: MultiLineString = { type: 'MultiLineString', coordinates: segmentsOf(route.line, route.breaks) }
  const projection = geoMercator().fitExtent(
    [
      [24, 24],
      [WIDTH - 24, ROUTE_HEIGHT - 24],
    ],
    line,
  )
  const path = geoPath(projection)
  const start = projection(route.line[0] ?? [0, 0])
  const end = projection(route.line[route.line.length - 1] ?? [0, 0])
  const highest = route.profile.reduce((max, [, e]) => Math.max(max, e), Number.NEGATIVE_INFINITY)
  const lowest = route.profile.reduce((min, [, e]) => Math.min(min, e), Number.POSITIVE_INFINITY)
  return (
    <div className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${ROUTE_HEIGHT}`}
        className="block w-full rounded-xl border border-gray-200 bg-sky-100"
        role="img"
        aria-label={`Map of the route ${route.name}`}
      >
        <Countries path={path} />
        <path
          d={path(line) ?? ''}
          data-testid="route-line"
          fill="none"
          className="stroke-orange-700"
          strokeWidth={4}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {route.photos.map((photo) => {
          // On the line where the route passes it (its distance along the whole track, as a share of it).
          const along = pointAlong(route.line, photo.distance_m / Math.max(1, route.distance_m), route.breaks)
          const at = along ? projection(along) : null
          return at ? (
            <circle
              key={photo.id}
              cx={at[0]}
              cy={at[1]}
              r={6}
              className="fill-sky-700 stroke-white"
              strokeWidth={2}
              data-testid="route-photo-marker"
            />
          ) : null
        })}
        {start ? (
          <circle cx={start[0]} cy={start[1]} r={7} className="fill-teal-700 stroke-white" strokeWidth={2} />
        ) : null}
        {end ? <circle cx={end[0]} cy={end[1]} r={7} className="fill-gray-900 stroke-white" strokeWidth={2} /> : null}
      </svg>
      <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-2" data-testid="route-figures">
        <div>
          <dt className="text-sm text-gray-600">Distance</dt>
          <dd className="text-xl font-bold text-gray-900">{km(route.distance_m)}</dd>
        </div>
        <div>
          <dt className="text-sm text-gray-600">Elevation gain</dt>
          <dd className="text-xl font-bold text-gray-900">{metres(route.elevation_gain_m)}</dd>
        </div>
      </dl>
      {route.profile.length > 1 ? (
        <ElevationProfile profile={route.profile} distance={route.distance_m} lowest={lowest} highest={highest} />
      ) : null}
      {route.photos.length ? <PhotosAlongTheWay photos={route.photos} /> : null}
    </div>
  )
}

/**
 * The published photos taken on the way, in the order the route passes them (placed by their time, or by their
 * point when they have no time), each opening the gallery's lightbox.
 */
function PhotosAlongTheWay({ photos }: { photos: StoryRoute['photos'] }) {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold text-gray-900">Photos along the way</h3>
      <ol className="mt-3 flex gap-3 overflow-x-auto pb-2" data-testid="route-photos">
        {photos.map((photo, i) => (
          <li key={photo.id} className="w-40 shrink-0">
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block w-full rounded-lg text-left focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              <img
                src={photo.thumbnail_url}
                alt={photo.title || photo.location || 'Photo'}
                loading="lazy"
                width={160}
                height={120}
                className="h-28 w-40 rounded-lg object-cover"
              />
              <span className="mt-1 block text-sm text-gray-800">{photo.title || photo.location}</span>
              <span className="block text-xs text-gray-600">at {km(photo.distance_m)}</span>
            </button>
          </li>
        ))}
      </ol>
      {open !== null ? <Lightbox photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} /> : null}
    </div>
  )
}

function ElevationProfile({
  profile,
  distance,
  lowest,
  highest,
}: {
  profile: [number, number][]
  distance: number
  lowest: number
  highest: number
}) {
  const span = Math.max(1, highest - lowest)
  const x = (d: number) => 48 + (d / Math.max(1, distance)) * (WIDTH - 56)
  const y = (e: number) => 12 + (1 - (e - lowest) / span) * (PROFILE_HEIGHT - 36)
  const points = profile.map(([d, e]) => `${x(d).toFixed(1)},${y(e).toFixed(1)}`).join(' ')
  const floor = PROFILE_HEIGHT - 24
  // The figures are HTML over the drawing, not SVG text: the drawing scales with the screen and its text with it
  // (6 px on a phone); these keep the page's 12 px.
  const label = 'absolute rounded bg-white/80 px-0.5 text-xs leading-none text-gray-700'
  const percent = (v: number) => `${((v / PROFILE_HEIGHT) * 100).toFixed(2)}%`
  return (
    <figure className="mt-6">
      <div className="relative">
        <svg
          viewBox={`0 0 ${WIDTH} ${PROFILE_HEIGHT}`}
          className="block w-full"
          role="img"
          aria-label={`Elevation profile: from ${metres(lowest)} to ${metres(highest)} over ${km(distance)}`}
          data-testid="elevation-profile"
        >
          <polygon points={`${x(0)},${floor} ${points} ${x(distance)},${floor}`} className="fill-teal-100" />
          <polyline points={points} fill="none" className="stroke-teal-700" strokeWidth={2} />
        </svg>
        <div aria-hidden="true" data-testid="elevation-labels">
          <span className={label} style={{ left: 0, top: percent(y(highest)) }}>
            {metres(highest)}
          </span>
          <span className={`${label} -translate-y-full`} style={{ left: 0, top: percent(y(lowest)) }}>
            {metres(lowest)}
          </span>
          <span className={`${label} bottom-0`} style={{ right: 0 }}>
            {km(distance)}
          </span>
        </div>
      </div>
      <figcaption className="mt-1 text-sm text-gray-600">Elevation along the route</figcaption>
    </figure>
  )
}
