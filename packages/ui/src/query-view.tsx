import type { ReactNode } from 'react'
import { LoadError } from './load-error'

/** What QueryView needs of a read: TanStack Query's `useQuery` and `useInfiniteQuery` results fit. */
export interface QueryLike<TData, TError> {
  data: TData | undefined
  error: TError | null
  refetch: () => unknown
}

export interface QueryViewProps<TData, TError> {
  query: QueryLike<TData, TError>
  /** Placeholders until the first answer arrives. */
  loading: ReactNode
  /**
   * A failed read: its text (or a function of the error giving the text), shown as an alert with a button that
   * reads again (`retryLabel`, `failedClassName`); or a function giving a view of its own, for a failure that is
   * a page in itself (a story that does not exist).
   */
  failed: string | ((error: TError) => ReactNode)
  failedClassName?: string
  retryLabel?: string
  /** Shown instead of the content when `isEmpty` says the answer has nothing to show. */
  empty?: ReactNode
  isEmpty?: (data: TData) => boolean
  children: (data: TData) => ReactNode
}

/**
 * The states of a read, in one place: loading, failed, empty, or its content. A failure wins over data still
 * held from before (a refresh that failed says so instead of showing stale rows as current).
 */
export function QueryView<TData, TError>({
  query,
  loading,
  failed,
  failedClassName,
  retryLabel,
  empty = null,
  isEmpty,
  children,
}: QueryViewProps<TData, TError>) {
  if (query.error !== null) {
    const shown = typeof failed === 'function' ? failed(query.error) : failed
    if (typeof shown !== 'string') return shown
    return (
      <LoadError
        message={shown}
        onRetry={() => void query.refetch()}
        retryLabel={retryLabel}
        className={failedClassName}
      />
    )
  }
  if (query.data === undefined) return loading
  if (isEmpty?.(query.data)) return empty
  return children(query.data)
}
