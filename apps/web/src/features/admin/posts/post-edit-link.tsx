import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'

/** A link to a story's editor, wherever the owner meets the story (its row, a trip's days, the dashboard, a send). */
export function PostEditLink({
  id,
  className,
  label,
  children,
}: {
  id: number
  className: string
  /** The accessible name, where the visible text alone ("Edit") does not say which story. */
  label?: string
  children: ReactNode
}) {
  return (
    <Link to="/admin/posts/edit/$id" params={{ id: String(id) }} aria-label={label} className={className}>
      {children}
    </Link>
  )
}
