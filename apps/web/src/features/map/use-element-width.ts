import { useLayoutEffect, useRef, useState } from 'react'

/**
 * The width of an element, kept up to date as the window resizes (the map draws at its real size). Undefined
 * until it is measured, which is before the first paint: a map first drawn at a guessed width was drawn twice on
 * every visit, and on a slow phone drawing the world's countries is the page's longest task.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState<number>()
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.clientWidth || fallback)
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width) || fallback))
    observer.observe(el)
    return () => observer.disconnect()
  }, [fallback])
  return [ref, width] as const
}
