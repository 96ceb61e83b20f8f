import { Component, type ReactNode } from 'react'

/**
 * Around a lazily loaded map: when its code does not arrive (or the drawing fails), the page keeps everything
 * else and says the map is unavailable, instead of the error taking the whole page down. React offers error
 * boundaries only as class components.
 */
export class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children
  }
}

/** The note in the map's place. */
export function MapUnavailable() {
  return (
    <p
      role="status"
      data-testid="map-unavailable"
      className="mt-4 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700"
    >
      Map unavailable: it could not be loaded. Reload the page to try again.
    </p>
  )
}
