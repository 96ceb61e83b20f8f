import type { ReactNode } from 'react'
import { cx } from './class-names'

/** A small rounded label; pass `color` for a category colour, or a tone class via className. */
export function Badge({ children, color, className }: { children: ReactNode; color?: string; className?: string }) {
  return (
    <span
      className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', !color && 'bg-gray-100 text-gray-700', className)}
      style={color ? { backgroundColor: `${color}1A`, color } : undefined}
    >
      {children}
    </span>
  )
}
