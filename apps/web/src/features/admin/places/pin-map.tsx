import { useState } from 'react'
import { clampView, type MapView } from '../../map/mercator'
import { useElementWidth } from '../../map/use-element-width'
import { WorldMap } from '../../map/world-map'
import type { PlacePoint } from './place-fields'

const HEIGHT = 280

/** The map the owner drops the pin on: a click, or Enter at the centre after moving with the arrow keys. Loaded lazily. */
export default function PinMap({
  point,
  onDrop,
}: {
  point: PlacePoint
  onDrop: (latitude: number, longitude: number) => void
}) {
  const [box, width] = useElementWidth<HTMLDivElement>(360)
  const [view, setView] = useState<MapView>(() =>
    point.latitude !== null && point.longitude !== null
      ? clampView({ latitude: point.latitude, longitude: point.longitude, zoom: 7 })
      : { latitude: 20, longitude: 10, zoom: 1 },
  )
  return (
    <div ref={box}>
      <WorldMap
        view={view}
        onView={setView}
        width={width}
        height={HEIGHT}
        pin={point}
        onDrop={(longitude, latitude) => onDrop(latitude, longitude)}
        label="Map to place the pin"
      />
    </div>
  )
}
