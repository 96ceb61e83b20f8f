// Web Mercator for the map page: where a longitude/latitude sits on a world of 256 × 2^zoom pixels, and the
// box of the world a view of a given size shows. The vector base map (d3-geo) and the markers use the same math.

export const TILE_PX = 256
export const MIN_ZOOM = 1
export const MAX_ZOOM = 18
/**
 * The deepest zoom of the built-in vector map. Its shapes are Natural Earth's 1:110 million countries: deeper in,
 * the view fits inside one country and shows nothing but one flat colour. Raster tiles (MAP_TILES_URL) go deeper.
 */
export const VECTOR_MAX_ZOOM = 6
const MAX_LATITUDE = 85.05112878

/** What the map shows: its centre and an integer zoom (0 = the whole world in one 256 px tile). */
export interface MapView {
  longitude: number
  latitude: number
  zoom: number
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
export const worldPx = (zoom: number) => TILE_PX * 2 ** zoom

/** World pixel of a point at `zoom` (x east from the antimeridian, y south from the top). */
export function project(longitude: number, latitude: number, zoom: number): [number, number] {
  const size = worldPx(zoom)
  const sin = Math.sin((clamp(latitude, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180)
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size]
}

/** The point at a world pixel. */
export function unproject(x: number, y: number, zoom: number): [longitude: number, latitude: number] {
  const size = worldPx(zoom)
  const n = Math.PI - (2 * Math.PI * y) / size
  return [(x / size) * 360 - 180, (180 / Math.PI) * Math.atan(Math.sinh(n))]
}

/** Where a point is drawn in a view of `width` × `height` CSS pixels. */
export function toScreen(
  view: MapView,
  width: number,
  height: number,
  longitude: number,
  latitude: number,
): [number, number] {
  const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
  const [x, y] = project(longitude, latitude, view.zoom)
  return [x - cx + width / 2, y - cy + height / 2]
}

/** Keeps the centre on the world and the zoom in range (up to `maxZoom`). */
export function clampView(view: MapView, maxZoom = MAX_ZOOM): MapView {
  return {
    longitude: clamp(view.longitude, -180, 180),
    latitude: clamp(view.latitude, -MAX_LATITUDE, MAX_LATITUDE),
    zoom: clamp(Math.round(view.zoom), MIN_ZOOM, maxZoom),
  }
}

/** The view moved by a drag or an arrow key of (dx, dy) screen pixels. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
  const [longitude, latitude] = unproject(cx - dx, cy - dy, view.zoom)
  return clampView({ ...view, longitude, latitude })
}

/** West, south, east, north of what a view shows, within the world. */
export function boxOf(view: MapView, width: number, height: number): [number, number, number, number] {
  const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
  const size = worldPx(view.zoom)
  const [west, north] = unproject(clamp(cx - width / 2, 0, size), clamp(cy - height / 2, 0, size), view.zoom)
  const [east, south] = unproject(clamp(cx + width / 2, 0, size), clamp(cy + height / 2, 0, size), view.zoom)
  const round = (v: number) => Math.round(v * 100) / 100
  return [round(west), round(south), round(east), round(north)]
}

/** The deepest view that shows all of a box (a country's stories and photos) in `width` × `height`. */
export function viewAround(
  box: readonly [number, number, number, number],
  width: number,
  height: number,
  maxZoom = 10,
): MapView {
  const [west, south, east, north] = box
  let zoom = maxZoom
  for (; zoom > MIN_ZOOM; zoom--) {
    const [x1, y1] = project(west, north, zoom)
    const [x2, y2] = project(east, south, zoom)
    if (x2 - x1 <= width * 0.8 && y2 - y1 <= height * 0.8) break
  }
  const [x1, y1] = project(west, north, zoom)
  const [x2, y2] = project(east, south, zoom)
  const [longitude, latitude] = unproject((x1 + x2) / 2, (y1 + y2) / 2, zoom)
  return clampView({ longitude, latitude, zoom })
}

/** A raster tile of the view: its address ({z}/{x}/{y}, x wrapped around the world) and where it is drawn. */
export interface ViewTile {
  z: number
  x: number
  y: number
  left: number
  top: number
}

/** The tiles that cover a view of `width` × `height`, rows off the top or bottom of the world left out. */
export function tilesInView(view: MapView, width: number, height: number): ViewTile[] {
  const [cx, cy] = project(view.longitude, view.latitude, view.zoom)
  const left = cx - width / 2
  const top = cy - height / 2
  const count = 2 ** view.zoom
  const tiles: ViewTile[] = []
  for (let row = Math.floor(top / TILE_PX); row * TILE_PX < top + height; row++) {
    if (row < 0 || row >= count) continue
    for (let column = Math.floor(left / TILE_PX); column * TILE_PX < left + width; column++) {
      tiles.push({
        z: view.zoom,
        x: ((column % count) + count) % count,
        y: row,
        left: column * TILE_PX - left,
        top: row * TILE_PX - top,
      })
    }
  }
  return tiles
}
