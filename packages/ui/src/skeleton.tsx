import { cx } from './class-names'

/** A grey placeholder where content is loading; `count` repeats it (a list or a grid of them). */
export function Skeleton({ className, count = 1 }: { className?: string; count?: number }) {
  return Array.from({ length: count }, (_, i) => (
    <div key={i} aria-hidden="true" className={cx('animate-pulse rounded bg-gray-200', className)} />
  ))
}
