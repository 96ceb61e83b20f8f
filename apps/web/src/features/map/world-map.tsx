import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type WheelEvent,
} from 'react'
import { geoMercator, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import type { Topology, GeometryCollection } from 'topojson-specification'
import type { FeatureCollection, Geometry } from 'geojson'
import { tileUrl, type MapCluster, type MapPhoto, type MapStory } from '@wayfarer/api/schemas'
import worldTopology from 'world-atlas/countries-110m.json'
import { useQuery } from '@tanstack/react-query'
import { mapSettingsQuery } from './queries'
import { clampView, panBy, project, tilesInView, toScreen, TILE_PX, unproject, worldPx, type MapView } from './mercator'

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

const PAN_STEP_PX = 80
const NONE: ReadonlySet<string> = new Set()
const ignore = () => undefined

export interface WorldMapProps {
  view: MapView
  onView: (view: MapView) => void
  /** Size of the drawing in CSS pixels. */
  width: number
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
  children?: ReactNode
}

/**
 * The vector world map with its markers. Markers are buttons (a cluster zooms in to where it splits, a story or
 * photo opens it); the map itself pans with a drag, the arrow keys or the buttons, and zooms with the wheel,
 * + and - or the buttons.
 */
export function WorldMap({
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
  children,
}: WorldMapProps) {
  // Raster tiles under the markers when the owner set MAP_TILES_URL; none draws the built-in vector world.
  const tiles = useQuery(mapSettingsQuery()).data?.tiles
  const drag = useRef<{ x: number; y: number; view: MapView } | null>(null)
  const [dragging, setDragging] = useState(false)
  const path = useMemo(() => {
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

  const zoomTo = (zoom: number, at?: { longitude: number; latitude: number }) =>
    onView(clampView({ ...view, ...at, zoom }))
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP_PX, 0],
      ArrowRight: [-PAN_STEP_PX, 0],
      ArrowUp: [0, PAN_STEP_PX],
      ArrowDown: [0, -PAN_STEP_PX],
    }
    const move = moves[e.key]
    if (move) onView(panBy(view, move[0], move[1]))
    else if (onDrop && (e.key === 'Enter' || e.key === ' ')) onDrop(view.longitude, view.latitude)
    else if (e.key === '+' || e.key === '=') zoomTo(view.zoom + 1)
    else if (e.key === '-') zoomTo(view.zoom - 1)
    else return
    e.preventDefault()
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('button')) return
    drag.current = { x: e.clientX, y: e.clientY, view }
    e.currentTarget.setPointerCapture(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    const dx = e.clientX - start.x
    const dy = e.clientY - start.y
    if (!dragging && Math.abs(dx) + Math.abs(dy) < 4) return
    setDragging(true)
    onView(panBy(start.view, dx, dy))
  }
  const endDrag = () => {
    drag.current = null
    setDragging(false)
  }
  // A click that did not drag drops the pin there.
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current && !dragging && onDrop) {
      const rect = e.currentTarget.getBoundingClientRect()
      const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
      const [longitude, latitude] = unproject(
        cx - width / 2 + (e.clientX - rect.left),
        cy - height / 2 + (e.clientY - rect.top),
        view.zoom,
      )
      onDrop(longitude, latitude)
    }
    endDrag()
  }
  const lastWheel = useRef(0)
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    // One zoom step per gesture, not per wheel event.
    if (e.timeStamp - lastWheel.current < 250) return
    lastWheel.current = e.timeStamp
    zoomTo(view.zoom + (e.deltaY < 0 ? 1 : -1))
  }
  // Keep the page from scrolling while the wheel zooms the map.
  const surface = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = surface.current
    if (!el) return
    const stop = (e: globalThis.WheelEvent) => e.preventDefault()
    el.addEventListener('wheel', stop, { passive: false })
    return () => el.removeEventListener('wheel', stop)
  }, [])

  const at = (longitude: number, latitude: number) => {
    const [x, y] = toScreen(view, width, height, longitude, latitude)
    return { left: x, top: y, visible: x > -20 && y > -20 && x < width + 20 && y < height + 20 }
  }
  const placed = (p: { latitude: number | null; longitude: number | null }) =>
    p.latitude !== null && p.longitude !== null ? at(p.longitude, p.latitude) : null

  return (
    <div className="relative overflow-hidden rounded-xl border border-gray-200 bg-sky-100" style={{ height }}>
      <div
        ref={surface}
        role="region"
        aria-label={`${label}. Arrow keys move the map, plus and minus zoom${onDrop ? ', Enter puts the pin at the centre' : ''}.`}
        tabIndex={0}
        className={`absolute inset-0 touch-none select-none outline-none focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:ring-inset ${dragging ? 'cursor-grabbing' : 'cursor-grab'}`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={endDrag}
        onWheel={onWheel}
        data-testid="world-map"
        data-zoom={view.zoom}
      >
        {tiles && <TileLayer template={tiles.url} view={view} width={width} height={height} />}
        {/* Over raster tiles only the visited countries are drawn, tinted; the vector world draws them all. */}
        <svg width={width} height={height} aria-hidden="true" className="absolute inset-0 block">
          {countries.map((c) => (
            <path
              key={c.id || c.name}
              d={path(c.geometry) ?? ''}
              className={
                tiles
                  ? visited.has(c.id)
                    ? 'fill-teal-500/20 stroke-teal-700/40'
                    : 'fill-none stroke-none'
                  : visited.has(c.id)
                    ? 'fill-teal-200 stroke-white'
                    : 'fill-stone-100 stroke-white'
              }
              strokeWidth={0.7}
              data-visited={visited.has(c.id) || undefined}
            />
          ))}
        </svg>
        <ul aria-label="Places on the map">
          {clusters.map((c) => {
            const size = Math.min(56, 28 + Math.log2(c.count) * 5)
            return (
              <Marker
                key={`c${c.id}`}
                at={at(c.longitude, c.latitude)}
                offset={[size / 2, size / 2]}
                testId="map-cluster"
                label={`${c.count} places here: ${c.stories} ${c.stories === 1 ? 'story' : 'stories'}, ${c.photos} ${c.photos === 1 ? 'photo' : 'photos'}. ${c.members ? 'Show them' : 'Zoom in'}`}
                onClick={() => {
                  const members = c.members
                  if (members && onMembers) onMembers(members)
                  else zoomTo(c.expansion_zoom, { longitude: c.longitude, latitude: c.latitude })
                }}
                className="flex items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white hover:bg-teal-800"
                style={{ width: size, height: size }}
              >
                {c.count}
              </Marker>
            )
          })}
          {stories.map((s) => (
            <Marker
              key={`s${s.id}`}
              at={placed(s)}
              offset={[14, 28]}
              testId="map-story"
              label={`Story: ${s.title}`}
              title={s.title}
              onClick={() => onStory(s)}
              className="flex h-7 w-7 items-center justify-center rounded-full rounded-br-none bg-orange-700 text-white hover:bg-orange-800"
              style={{ transform: 'rotate(45deg)' }}
            >
              <span aria-hidden="true" className="block h-2 w-2 rounded-full bg-white" />
            </Marker>
          ))}
          {photos.map((ph) => (
            <Marker
              key={`p${ph.id}`}
              at={placed(ph)}
              offset={[10, 10]}
              testId="map-photo"
              label={`Photo: ${ph.title || ph.location || 'untitled'}`}
              title={ph.title}
              onClick={() => onPhoto(ph)}
              className="h-5 w-5 rounded-full bg-sky-700 hover:bg-sky-800"
            />
          ))}
        </ul>
        {pin && pin.latitude !== null && pin.longitude !== null && <Pin {...at(pin.longitude, pin.latitude)} />}
        {onDrop && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-gray-700/60"
          />
        )}
      </div>
      <div className="absolute top-3 right-3 flex flex-col overflow-hidden rounded-lg border border-gray-300 bg-white shadow">
        <button
          type="button"
          aria-label="Zoom in"
          onClick={() => zoomTo(view.zoom + 1)}
          className="h-9 w-9 text-lg font-bold text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          +
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          onClick={() => zoomTo(view.zoom - 1)}
          className="h-9 w-9 border-t border-gray-300 text-lg font-bold text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          −
        </button>
      </div>
      <p className="absolute bottom-1 left-2 rounded bg-white/80 px-1 text-xs text-gray-800">
        {tiles ? tiles.attribution || 'Map tiles' : 'Map data: Natural Earth'}
      </p>
      {children}
    </div>
  )
}

interface MarkerProps {
  /** Where the point is on screen; null (no coordinates) or off-screen draws nothing. */
  at: { left: number; top: number; visible: boolean } | null
  /** From the marker's top left corner to the point it marks. */
  offset: [number, number]
  testId: string
  label: string
  title?: string
  onClick: () => void
  className: string
  style?: CSSProperties
  children?: ReactNode
}

/** A marker: a button in the list of places on the map, its point where `offset` says. */
function Marker({ at, offset, testId, label, title, onClick, className, style, children }: MarkerProps) {
  if (!at?.visible) return null
  return (
    <li className="absolute" style={{ left: at.left - offset[0], top: at.top - offset[1] }}>
      <button
        type="button"
        data-testid={testId}
        aria-label={label}
        title={title}
        onClick={onClick}
        className={`border-2 border-white shadow-md focus-visible:ring-4 focus-visible:ring-amber-400 focus-visible:outline-none ${className}`}
        style={style}
      >
        {children}
      </button>
    </li>
  )
}

/** The owner's pin, its tip on the point. */
function Pin({ left, top }: { left: number; top: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="map-pin"
      className="pointer-events-none absolute h-7 w-7 rounded-full rounded-br-none border-2 border-white bg-red-700 shadow-md"
      style={{ left: left - 14, top: top - 34, transform: 'rotate(45deg)' }}
    />
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
