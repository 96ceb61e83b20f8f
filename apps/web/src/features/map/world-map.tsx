import { useEffect, useMemo, type ReactNode } from 'react'
import { geoMercator, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import type { Topology, GeometryCollection } from 'topojson-specification'
import type { FeatureCollection, Geometry } from 'geojson'
import { tileUrl, type MapCluster, type MapPhoto, type MapStory } from '@wayfarer/api/schemas'
import worldTopology from 'world-atlas/countries-110m.json'
import { useQuery } from '@tanstack/react-query'
import { mapSettingsQuery } from './queries'
import {
  clampView,
  MAX_ZOOM,
  project,
  tilesInView,
  toScreen,
  TILE_PX,
  VECTOR_MAX_ZOOM,
  worldPx,
  type MapView,
} from './mercator'
import { DayMarkers, MapMarkers, Pin, type DayMarker } from './map-markers'
import { useMapGestures } from './use-map-gestures'
import { LABEL_FONT_PX, placeLabels } from './map-labels'

export interface CountryShape {
  id: string
  name: string
  geometry: Geometry
}

/** The 110 m world of world-atlas (Natural Earth), drawn here: no tile server, no third party sees the visitor. */
export const countries: CountryShape[] = (() => {
  const topology = worldTopology as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
  const shapes = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>
  return shapes.features.map((f) => ({ id: String(f.id ?? ''), name: f.properties.name, geometry: f.geometry }))
})()

/**
 * Each country's box in world pixels at zoom 0. A view zoomed in on a trip shows a handful of countries, and
 * drawing only those saves a slow phone most of the map's first render. A country across the antimeridian spans
 * the whole width and is always drawn.
 */
const countryBoxes = countries.map((c) => {
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity }
  const visit = (coordinates: unknown): void => {
    if (typeof (coordinates as number[])[0] === 'number') {
      const [x, y] = project((coordinates as number[])[0]!, (coordinates as number[])[1]!, 0)
      box.left = Math.min(box.left, x)
      box.right = Math.max(box.right, x)
      box.top = Math.min(box.top, y)
      box.bottom = Math.max(box.bottom, y)
    } else for (const part of coordinates as unknown[]) visit(part)
  }
  if ('coordinates' in c.geometry) visit(c.geometry.coordinates)
  else box.left = box.top = -Infinity
  if (box.left === -Infinity) Object.assign(box, { right: Infinity, bottom: Infinity })
  return box
})

/** The countries whose box meets the view (with a margin for their outline). */
export function countriesInView(view: MapView, width: number, height: number): CountryShape[] {
  const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
  const scale = 2 ** view.zoom
  const left = (cx - width / 2 - 4) / scale
  const right = (cx + width / 2 + 4) / scale
  const top = (cy - height / 2 - 4) / scale
  const bottom = (cy + height / 2 + 4) / scale
  return countries.filter((_, i) => {
    const box = countryBoxes[i]!
    return box.left <= right && box.right >= left && box.top <= bottom && box.bottom >= top
  })
}

const NONE: ReadonlySet<string> = new Set()
const NO_LINES: readonly (readonly [number, number][])[] = []
const NO_DAYS: DayMarker[] = []
const ignore = () => undefined

export interface WorldMapProps {
  view: MapView
  onView: (view: MapView) => void
  /** Size of the drawing in CSS pixels; until the width is known only the empty frame is drawn. */
  width: number | undefined
  height: number
  /** The markers; none by default (the place picker shows only its pin). */
  clusters?: MapCluster[]
  stories?: MapStory[]
  photos?: MapPhoto[]
  /** ISO 3166-1 numeric codes of the countries visited, shaded. */
  visited?: ReadonlySet<string>
  onStory?: (story: MapStory) => void
  onPhoto?: (photo: MapPhoto) => void
  /** A cluster that never splits (everything at one spot) was chosen: what is in it. */
  onMembers?: (members: NonNullable<MapCluster['members']>) => void
  label: string
  /** The owner's pin (the place picker): drawn, and moved by a click or Enter where the map is. */
  pin?: { latitude: number | null; longitude: number | null }
  onDrop?: (longitude: number, latitude: number) => void
  /** Routes drawn over the countries: lists of [longitude, latitude] (a trip's lines). */
  lines?: readonly (readonly [number, number][])[]
  /** Numbered markers (a trip's days), drawn over the others. */
  days?: DayMarker[]
  children?: ReactNode
}

/**
 * The deepest zoom worth showing: the vector world's own (VECTOR_MAX_ZOOM), or the tiles' when the owner set a
 * tile server. Until the setting is known nothing is capped, so a deep view on a tiled site never jumps out.
 */
export function useMaxZoom(): number {
  const settings = useQuery(mapSettingsQuery()).data
  return settings && !settings.tiles ? VECTOR_MAX_ZOOM : MAX_ZOOM
}

/**
 * The vector world map with its markers. Markers are buttons (a cluster zooms in to where it splits, a story or
 * photo opens it); the map itself pans with a drag, the arrow keys or the buttons, and zooms with the wheel,
 * + and - or the buttons (`useMapGestures`).
 */
export function WorldMap(props: WorldMapProps) {
  const { width } = props
  if (width === undefined) return <div className={FRAME} style={{ height: props.height }} />
  return <DrawnWorldMap {...props} width={width} />
}

const FRAME = 'relative overflow-hidden rounded-xl border border-gray-200 bg-sky-100'

function DrawnWorldMap({
  view,
  onView,
  width,
  height,
  clusters = [],
  stories = [],
  photos = [],
  visited = NONE,
  onStory = ignore,
  onPhoto = ignore,
  onMembers,
  label,
  pin,
  onDrop,
  lines = NO_LINES,
  days = NO_DAYS,
  children,
}: WorldMapProps & { width: number }) {
  // Raster tiles under the markers when the owner set MAP_TILES_URL; none draws the built-in vector world.
  const tiles = useQuery(mapSettingsQuery()).data?.tiles
  // The place picker zooms as deep as it likes: where the pin goes matters more than what the drawing shows.
  const cappedZoom = useMaxZoom()
  const maxZoom = onDrop ? MAX_ZOOM : cappedZoom
  const { surface, dragging, handlers, zoomTo } = useMapGestures({ view, onView, width, height, onDrop, maxZoom })
  // A view asked for deeper (a link's zoom, a fitted country) comes back up to the deepest that shows something.
  useEffect(() => {
    if (view.zoom > maxZoom) onView(clampView(view, maxZoom))
  }, [view, maxZoom, onView])
  const at = (longitude: number, latitude: number) => {
    const [x, y] = toScreen(view, width, height, longitude, latitude)
    return { left: x, top: y, visible: x > -20 && y > -20 && x < width + 20 && y < height + 20 }
  }
  return (
    <div className={FRAME} style={{ height }}>
      <div
        ref={surface}
        role="region"
        aria-label={`${label}. Arrow keys move the map, plus and minus zoom${onDrop ? ', Enter puts the pin at the centre' : ''}.`}
        tabIndex={0}
        className={`absolute inset-0 touch-none select-none outline-none focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:ring-inset ${dragging ? 'cursor-grabbing' : 'cursor-grab'}`}
        {...handlers}
        data-testid="world-map"
        data-zoom={view.zoom}
      >
        {tiles && <TileLayer template={tiles.url} view={view} width={width} height={height} />}
        <CountryShapes view={view} width={width} height={height} visited={visited} overTiles={Boolean(tiles)} />
        {lines.length > 0 && <RouteLines view={view} width={width} height={height} lines={lines} />}
        <MapMarkers
          clusters={clusters}
          stories={stories}
          photos={photos}
          at={at}
          onStory={onStory}
          onPhoto={onPhoto}
          onMembers={onMembers}
          zoomTo={(zoom, at) => {
            zoomTo(zoom, at)
            // The cluster's button goes away as it splits: the map keeps the focus, not the top of the page.
            surface.current?.focus()
          }}
        />
        {days.length > 0 && <DayMarkers days={days} at={at} />}
        {pin && pin.latitude !== null && pin.longitude !== null && <Pin {...at(pin.longitude, pin.latitude)} />}
        {onDrop && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-gray-700/60"
          />
        )}
      </div>
      <ZoomButtons onZoom={(step) => zoomTo(view.zoom + step)} />
      <p className="absolute bottom-1 left-2 rounded bg-white/80 px-1 text-xs text-gray-800">
        {tiles ? tiles.attribution || 'Map tiles' : 'Map data: Natural Earth'}
      </p>
      {children}
    </div>
  )
}

/** d3's path maker for the view: the same Web Mercator as the markers, clipped to the drawing. */
function useViewPath(view: MapView, width: number, height: number) {
  return useMemo(() => {
    const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
    const size = worldPx(view.zoom)
    const projection = geoMercator()
      .scale(size / (2 * Math.PI))
      .translate([size / 2 - cx + width / 2, size / 2 - cy + height / 2])
      .clipExtent([
        [-2, -2],
        [width + 2, height + 2],
      ])
    return geoPath(projection)
  }, [view, width, height])
}

/** Routes over the countries (decorative: the day markers and the timeline say where the trip went). */
function RouteLines({
  view,
  width,
  height,
  lines,
}: {
  view: MapView
  width: number
  height: number
  lines: readonly (readonly [number, number][])[]
}) {
  const path = useViewPath(view, width, height)
  return (
    <svg width={width} height={height} aria-hidden="true" className="pointer-events-none absolute inset-0 block">
      {lines.map((line, i) => (
        <path
          key={i}
          d={path({ type: 'LineString', coordinates: line.map((p) => [p[0], p[1]]) }) ?? ''}
          data-testid="map-route-line"
          fill="none"
          className="stroke-orange-700"
          strokeWidth={3}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
    </svg>
  )
}

/** The countries in the view, the visited ones shaded. Over raster tiles only the visited ones are drawn, tinted. */
function CountryShapes({
  view,
  width,
  height,
  visited,
  overTiles,
}: {
  view: MapView
  width: number
  height: number
  visited: ReadonlySet<string>
  overTiles: boolean
}) {
  const path = useViewPath(view, width, height)
  const shown = useMemo(() => countriesInView(view, width, height), [view, width, height])
  // Names over the built-in map only (tiles carry their own); decorative like the shapes: the lists say it all.
  const labels = useMemo(
    () =>
      overTiles
        ? []
        : placeLabels(
            shown.map((c) => ({ name: c.name, at: path.centroid(c.geometry), bounds: path.bounds(c.geometry) })),
          ),
    [shown, path, overTiles],
  )
  const shading = (id: string) =>
    overTiles
      ? visited.has(id)
        ? 'fill-teal-500/20 stroke-teal-700/40'
        : 'fill-none stroke-none'
      : visited.has(id)
        ? 'fill-teal-200 stroke-white'
        : 'fill-stone-100 stroke-white'
  return (
    <svg width={width} height={height} aria-hidden="true" className="absolute inset-0 block">
      {shown.map((c) => (
        <path
          key={c.id || c.name}
          d={path(c.geometry) ?? ''}
          className={shading(c.id)}
          strokeWidth={0.7}
          data-visited={visited.has(c.id) || undefined}
        />
      ))}
      {labels.map((l) => (
        <text
          key={l.name}
          x={l.x}
          y={l.y}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={LABEL_FONT_PX}
          data-testid="map-country-label"
          // A white halo keeps the name readable over borders and shading.
          className="pointer-events-none fill-gray-700 stroke-white font-medium [paint-order:stroke]"
          strokeWidth={3}
          strokeLinejoin="round"
        >
          {l.name}
        </text>
      ))}
    </svg>
  )
}

function ZoomButtons({ onZoom }: { onZoom: (step: 1 | -1) => void }) {
  const button =
    'h-9 w-9 text-lg font-bold text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none'
  return (
    <div className="absolute top-3 right-3 flex flex-col overflow-hidden rounded-lg border border-gray-300 bg-white shadow">
      <button type="button" aria-label="Zoom in" onClick={() => onZoom(1)} className={button}>
        +
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        onClick={() => onZoom(-1)}
        className={`border-t border-gray-300 ${button}`}
      >
        −
      </button>
    </div>
  )
}

/** The raster tiles under a view, from the owner's tile server; decorative (the markers and the list say it all). */
function TileLayer({
  template,
  view,
  width,
  height,
}: {
  template: string
  view: MapView
  width: number
  height: number
}) {
  return (
    <div aria-hidden="true" className="absolute inset-0" data-testid="map-tiles">
      {tilesInView(view, width, height).map((t) => (
        <img
          key={`${t.z}/${t.left}/${t.top}`}
          src={tileUrl(template, t.z, t.x, t.y)}
          alt=""
          width={TILE_PX}
          height={TILE_PX}
          draggable={false}
          decoding="async"
          className="absolute max-w-none"
          style={{ left: t.left, top: t.top }}
        />
      ))}
    </div>
  )
}
