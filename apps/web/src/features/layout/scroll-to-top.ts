import { useLayoutEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

/** Scrolls to the top whenever the path or query changes, unless the URL has a hash to jump to. */
export function useScrollToTopOnNavigation(): void {
  const location = useRouterState({ select: (s) => s.location })
  const key = `${location.pathname}?${location.searchStr}`
  const hash = location.hash
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0)
  }, [key, hash])
}
