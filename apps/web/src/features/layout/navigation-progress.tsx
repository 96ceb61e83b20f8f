import { useEffect, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'

/** A page change that answers within this time shows nothing: a bar that flashes on every click is noise. */
export const PROGRESS_DELAY_MS = 300

/**
 * A thin bar along the top of the window while a page change waits for its code or data, so a slow one does
 * not look like a click that did nothing. Under reduced motion the bar stands still.
 */
export function NavigationProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!pending) {
      setShown(false)
      return
    }
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [pending])
  if (!shown) return null
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-teal-100"
    >
      <div className="h-full w-1/3 bg-teal-700 motion-safe:animate-[nav-progress_1.2s_ease-in-out_infinite] motion-reduce:w-full" />
    </div>
  )
}
