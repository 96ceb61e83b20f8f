import { Button } from './button'

/** What LoadMore needs of an infinite query (TanStack Query's useInfiniteQuery result fits). */
export interface NextPages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** The button under a list that fetches its next page; there only while a next page exists. */
export function LoadMore({ pages, label, className }: { pages: NextPages; label: string; className?: string }) {
  if (!pages.hasNextPage) return null
  return (
    <div className={className}>
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  )
}
