import type { ReactNode } from 'react'
import { cx } from '@wayfarer/ui'

/**
 * An admin screen's heading and the line saying what the screen is for; its own actions (New Post…), where it
 * has any, sit beside them and wrap below on a narrow screen.
 */
export function ScreenHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string
  description: ReactNode
  actions?: ReactNode
  className?: string
}) {
  const heading = (
    <div className={actions ? undefined : className}>
      <h2 className="text-2xl font-bold text-gray-900">{title}</h2>
      <p className="text-sm text-gray-600">{description}</p>
    </div>
  )
  if (!actions) return heading
  return (
    <div className={cx('flex flex-wrap items-center justify-between gap-4', className)}>
      {heading}
      {actions}
    </div>
  )
}
