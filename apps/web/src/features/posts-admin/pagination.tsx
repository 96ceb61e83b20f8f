import { Button, cx } from '@wayfarer/ui'
import type { Pagination as PaginationData } from '@wayfarer/api/schemas'

/** SPEC.md §2: only with more than one page; Previous/Next on small screens, a summary and page numbers on large. */
export function Pagination({ pagination, onPage }: { pagination: PaginationData; onPage: (page: number) => void }) {
  const { page, limit, total, pages } = pagination
  if (pages <= 1) return null
  const from = (page - 1) * limit + 1
  const to = Math.min(page * limit, total)
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between">
      <div className="flex w-full justify-between sm:hidden">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
      <p className="hidden text-sm text-gray-600 sm:block">
        Showing {from} to {to} of {total} results
      </p>
      <div className="hidden gap-1 sm:flex">
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
            className={cx('rounded-lg px-3 py-1.5 text-sm', n === page ? 'bg-teal-700 text-white' : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50')}
          >
            {n}
          </button>
        ))}
      </div>
    </nav>
  )
}
