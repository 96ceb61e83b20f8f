import { Button } from './button'
import { cx } from './class-names'

/** A list or page that could not be loaded: what went wrong (an alert) and a button that tries again. */
export function LoadError({
  message,
  onRetry,
  retryLabel = 'Try again',
  className,
}: {
  message: string
  onRetry: () => void
  retryLabel?: string
  className?: string
}) {
  return (
    <div role="alert" className={cx('text-center', className)}>
      <p>{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}
