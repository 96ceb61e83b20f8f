import type { ReactNode } from 'react'
import { cx } from './class-names'
import { readableTextColor, tintOnWhite } from './contrast'

// The tint behind a coloured badge: the colour at 10% over the page.
const TINT_ALPHA = 0x1a / 255

/**
 * A small rounded label; pass `color` for a category colour, or a tone class via className. The text keeps the
 * colour's hue but is darkened when needed so it reads at 4.5:1 on its tint (WCAG AA).
 */
export function Badge({ children, color, className }: { children: ReactNode; color?: string; className?: string }) {
  const background = color ? tintOnWhite(color, TINT_ALPHA) : undefined
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        !color && 'bg-gray-100 text-gray-700',
        className,
      )}
      style={
        color && background ? { backgroundColor: background, color: readableTextColor(color, background) } : undefined
      }
    >
      {children}
    </span>
  )
}
