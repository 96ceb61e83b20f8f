import { cx } from '@wayfarer/ui'

/** "Live": the trip goes on today. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="trip-live"
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase',
        className,
      )}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" />
      Live
    </span>
  )
}
