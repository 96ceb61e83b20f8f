import { Button } from './button'
import { cx } from './class-names'

export interface PaginationProps {
  page: number
  pages: number
  onPage: (page: number) => void
  /**
   * With the page size and the total, small screens get Previous/Next and large ones 'Showing X to Y of Z
   * results' with numbered pages (the admin posts list); without, every screen size reads 'Page X of Y'.
   */
  results?: { limit: number; total: number }
}

/** Page controls, shown only when there is more than one page. */
export function Pagination({ page, pages, onPage, results }: PaginationProps) {
  if (pages <= 1) return null
  const previous = (className?: string) => (
    <Button variant="secondary" size="sm" className={className} disabled={page <= 1} onClick={() => onPage(page - 1)}>
      Previous
    </Button>
  )
  const next = (className?: string) => (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      disabled={page >= pages}
      onClick={() => onPage(page + 1)}
    >
      Next
    </Button>
  )
  if (!results) {
    return (
      <nav aria-label="Pagination" className="flex items-center justify-between">
        {previous()}
        <span className="text-sm text-gray-600">
          Page {page} of {pages}
        </span>
        {next()}
      </nav>
    )
  }
  const from = (page - 1) * results.limit + 1
  const to = Math.min(page * results.limit, results.total)
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between">
      <div className="flex w-full justify-between sm:hidden">
        {previous()}
        {next()}
      </div>
      <p className="hidden text-sm text-gray-600 sm:block">
        Showing {from} to {to} of {results.total} results
      </p>
      <div className="hidden gap-1 sm:flex">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
            className={cx(
              'rounded-lg px-3 py-1.5 text-sm',
              n === page ? 'bg-teal-700 text-white' : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
            )}
          >
            {n}
          </button>
        ))}
      </div>
    </nav>
  )
}
