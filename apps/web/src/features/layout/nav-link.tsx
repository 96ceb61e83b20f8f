import { Link } from '@tanstack/react-router'
import { navLinks } from './nav-links'

/** One navigation entry; `current` marks the page being shown for styling and assistive technology. */
export function NavLink({ to, className, current, onClick }: { to: string; className: string; current: boolean; onClick?: () => void }) {
  const label = navLinks.find((l) => l.to === to)?.label ?? to
  return (
    // Gallery and Contact are registered by other parts of the app, so the path is not checked against the
    // route tree's types here.
    <Link to={to as '/'} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {label}
    </Link>
  )
}
