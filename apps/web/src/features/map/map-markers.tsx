import type { CSSProperties, ReactNode } from 'react'
import type { MapCluster, MapPhoto, MapStory } from '@wayfarer/api/schemas'
import { dayGroupText, groupOverlappingDays } from './day-groups'

/** Where a point is on screen; `visible` is false when it lies off the drawing. */
export type ScreenPoint = { left: number; top: number; visible: boolean }

export interface MapMarkersProps {
  clusters: MapCluster[]
  stories: MapStory[]
  photos: MapPhoto[]
  /** Where a coordinate is on screen. */
  at: (longitude: number, latitude: number) => ScreenPoint
  onStory: (story: MapStory) => void
  onPhoto: (photo: MapPhoto) => void
  /** A cluster that never splits (everything at one spot): what is in it; without it, such a cluster zooms in. */
  onMembers?: ((members: NonNullable<MapCluster['members']>) => void) | undefined
  zoomTo: (zoom: number, at: { longitude: number; latitude: number }) => void
}

/** The places on the map, as a list of buttons: a cluster zooms in to where it splits, a story or photo opens it. */
export function MapMarkers({ clusters, stories, photos, at, onStory, onPhoto, onMembers, zoomTo }: MapMarkersProps) {
  const placed = (p: { latitude: number | null; longitude: number | null }) =>
    p.latitude !== null && p.longitude !== null ? at(p.longitude, p.latitude) : null
  return (
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
          offset={[12, 12]}
          testId="map-photo"
          label={`Photo: ${ph.title || ph.location || 'untitled'}`}
          title={ph.title}
          onClick={() => onPhoto(ph)}
          // 24 px: the smallest target a finger can be asked to hit (WCAG 2.5.8).
          className="h-6 w-6 rounded-full bg-sky-700 hover:bg-sky-800"
        />
      ))}
    </ul>
  )
}

interface MarkerProps {
  /** Where the point is on screen; null (no coordinates) or off-screen draws nothing. */
  at: ScreenPoint | null
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
export function Pin({ left, top }: { left: number; top: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="map-pin"
      className="pointer-events-none absolute h-7 w-7 rounded-full rounded-br-none border-2 border-white bg-red-700 shadow-md"
      style={{ left: left - 14, top: top - 34, transform: 'rotate(45deg)' }}
    />
  )
}

/** A numbered marker (a trip's day): its number on the map, its label for screen readers and on hover. */
export interface DayMarker {
  key: string
  day: number
  longitude: number
  latitude: number
  label: string
  onSelect: () => void
}

/**
 * The days of a trip on its map, as buttons in one list. Days that would overlap at this zoom share a marker
 * (zooming in parts them); it names every day it holds and leads to the first.
 */
export function DayMarkers({ days, at }: { days: DayMarker[]; at: MapMarkersProps['at'] }) {
  const placed = days.flatMap((item) => {
    const point = at(item.longitude, item.latitude)
    return point.visible ? [{ item, left: point.left, top: point.top }] : []
  })
  return (
    <ul aria-label="Days on the map">
      {groupOverlappingDays(placed).map((group) => {
        const [first] = group
        if (!first) return null
        const text = dayGroupText(group.map((d) => d.item.day))
        // A shared marker's name starts with what it shows ("Days 4–6"), so a voice user can say what they see
        // (WCAG 2.5.3); then each day it holds.
        const label =
          group.length === 1 ? first.item.label : `Days ${text}: ${group.map((d) => d.item.label).join('; ')}`
        return (
          <Marker
            key={first.item.key}
            at={{ left: first.left, top: first.top, visible: true }}
            offset={[14, 14]}
            testId="map-day"
            label={label}
            title={label}
            onClick={first.item.onSelect}
            className="flex h-7 min-w-7 items-center justify-center rounded-full bg-gray-900 px-1 text-xs font-bold whitespace-nowrap text-white hover:bg-teal-800"
          >
            {text}
          </Marker>
        )
      })}
    </ul>
  )
}
