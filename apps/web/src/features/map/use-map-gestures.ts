import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react'
import { clampView, panBy, project, unproject, type MapView } from './mercator'

const PAN_STEP_PX = 80
// Moves shorter than this are a click (which may drop the pin), not a drag.
const DRAG_THRESHOLD_PX = 4
// One zoom step per wheel gesture, not per wheel event.
const WHEEL_GESTURE_MS = 250

export interface MapGestureOptions {
  view: MapView
  onView: (view: MapView) => void
  width: number
  height: number
  /** The place picker: a click, or Enter, puts the pin there. */
  onDrop?: ((longitude: number, latitude: number) => void) | undefined
  /** The deepest zoom the wheel, the keys and the buttons go to. */
  maxZoom: number
}

/**
 * How the map moves: a drag pans, the wheel zooms (without scrolling the page), the arrow keys pan, + and -
 * zoom, and with `onDrop` a click or Enter drops the pin. Returns the surface's ref and handlers, and `zoomTo`
 * for the zoom buttons and the clusters.
 */
export function useMapGestures({ view, onView, width, height, onDrop, maxZoom }: MapGestureOptions) {
  const drag = useRef<{ x: number; y: number; view: MapView } | null>(null)
  const [dragging, setDragging] = useState(false)
  const lastWheel = useRef(0)
  const surface = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = surface.current
    if (!el) return
    const stop = (e: globalThis.WheelEvent) => e.preventDefault()
    el.addEventListener('wheel', stop, { passive: false })
    return () => el.removeEventListener('wheel', stop)
  }, [])

  const zoomTo = (zoom: number, at?: { longitude: number; latitude: number }) =>
    onView(clampView({ ...view, ...at, zoom }, maxZoom))
  const endDrag = () => {
    drag.current = null
    setDragging(false)
  }
  const pointAt = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
    return unproject(cx - width / 2 + (e.clientX - rect.left), cy - height / 2 + (e.clientY - rect.top), view.zoom)
  }

  const handlers = {
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
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
    },
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if (e.target instanceof Element && e.target.closest('button')) return
      drag.current = { x: e.clientX, y: e.clientY, view }
      e.currentTarget.setPointerCapture(e.pointerId)
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const start = drag.current
      if (!start) return
      const dx = e.clientX - start.x
      const dy = e.clientY - start.y
      if (!dragging && Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX) return
      setDragging(true)
      onView(panBy(start.view, dx, dy))
    },
    // A click that did not drag drops the pin there.
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (drag.current && !dragging && onDrop) onDrop(...pointAt(e))
      endDrag()
    },
    onPointerCancel: endDrag,
    onWheel: (e: WheelEvent<HTMLDivElement>) => {
      if (e.timeStamp - lastWheel.current < WHEEL_GESTURE_MS) return
      lastWheel.current = e.timeStamp
      zoomTo(view.zoom + (e.deltaY < 0 ? 1 : -1))
    },
  }
  return { surface, dragging, handlers, zoomTo }
}
