import { useEffect, type ReactNode } from 'react'
import { cx } from './class-names'

const tones = {
  success: 'bg-green-50 text-green-800',
  info: 'bg-amber-50 text-amber-900',
  error: 'bg-red-50 text-red-800',
} as const

export interface ToastProps {
  tone?: keyof typeof tones
  children: ReactNode
  /** When set with `durationMs`, called once the message has been shown that long. */
  onDismiss?: () => void
  durationMs?: number
  className?: string
  'data-testid'?: string
}

/**
 * A short notice about something that just happened. Successes and progress are a polite live region (read
 * out when the reader is idle); errors are an alert, read out at once.
 */
export function Toast({ tone = 'info', children, onDismiss, durationMs, className, ...rest }: ToastProps) {
  useEffect(() => {
    if (!onDismiss || durationMs === undefined) return
    const timer = setTimeout(onDismiss, durationMs)
    return () => clearTimeout(timer)
  }, [onDismiss, durationMs])
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded-lg p-3 text-sm', tones[tone], className)}
      {...rest}
    >
      {children}
    </div>
  )
}
