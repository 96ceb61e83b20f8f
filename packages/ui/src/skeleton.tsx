import { cx } from './class-names'

/**
 * A grey placeholder where content is loading; `count` repeats it (a list or a grid of them). With `layout`, the
 * placeholders sit in a box of those classes (the grid or list the content will fill), marked busy.
 */
export function Skeleton({ className, count = 1, layout }: { className?: string; count?: number; layout?: string }) {
  const blocks = Array.from({ length: count }, (_, i) => (
    <div key={i} aria-hidden="true" className={cx('animate-pulse rounded bg-gray-200', className)} />
  ))
  if (layout === undefined) return blocks
  return (
    <div className={layout} aria-busy="true">
      {blocks}
    </div>
  )
}
