import { useState } from 'react'
import type { TripPage } from '@wayfarer/api/schemas'
import { viewAround, type MapView } from '../map/mercator'
import { useElementWidth } from '../map/use-element-width'
import { WorldMap } from '../map/world-map'
import { formatDayDate } from './format'

const MAP_HEIGHT = 420

/**
 * The trip on the built-in world map, zoomed to it: the route and a numbered marker a day (choosing one goes to
 * that day in the timeline). Loaded as its own chunk, like /map.
 */
export default function TripMap({
  map,
  title,
  onDay,
}: {
  map: TripPage['map']
  title: string
  onDay: (day: number) => void
}) {
  const [box, width] = useElementWidth<HTMLDivElement>(800)
  const [moved, setMoved] = useState<MapView | null>(null)
  const fitted =
    map.bbox && width !== undefined
      ? viewAround(map.bbox, width, MAP_HEIGHT, 12)
      : { longitude: 0, latitude: 20, zoom: 1 }
  return (
    <div ref={box} className="mt-4" data-testid="trip-map">
      <WorldMap
        view={moved ?? fitted}
        onView={setMoved}
        width={width}
        height={MAP_HEIGHT}
        lines={map.lines}
        days={map.markers.map((m) => ({
          key: `d${m.day}`,
          longitude: m.longitude,
          latitude: m.latitude,
          day: m.day,
          label: `Day ${m.day}, ${formatDayDate(m.date)}${m.label ? `: ${m.label}` : ''}`,
          onSelect: () => onDay(m.day),
        }))}
        label={`Map of ${title}`}
      />
    </div>
  )
}
