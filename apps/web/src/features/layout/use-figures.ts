import { useQuery } from '@tanstack/react-query'
import type { FigureKind } from '@wayfarer/api/schemas'
import { siteFiguresQuery } from '../../lib/site-settings'

/** The figures as shown (the owner's text or the site's count), one per kind; "…" until they arrive. */
export function useFigures(): Record<FigureKind, string> {
  const figures = useQuery(siteFiguresQuery()).data
  const shown = (kind: FigureKind) => figures?.[kind].value ?? '…'
  return {
    countries: shown('countries'),
    stories: shown('stories'),
    photos: shown('photos'),
    trips: shown('trips'),
    followers: shown('followers'),
  }
}
