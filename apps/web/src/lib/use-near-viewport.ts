import { useEffect, useRef, useState } from 'react'

/**
 * True once the element has come within `margin` of the screen, and from then on. For heavy parts below the fold
 * (a trip's map: its code, the world's shapes and thousands of route points): they are built when a reader gets
 * near them, not while the page's first view is still loading on a slow phone.
 */
export function useNearViewport<T extends HTMLElement>(margin = '200px') {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: margin,
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [margin, near])
  return [ref, near] as const
}
