import { Link } from '@tanstack/react-router'
import { navLinks, type NavPath } from './nav-links'

/**
 * One navigation entry. The router marks the current page itself (`aria-current="page"`); the active options
 * here are the same rule as `isNavLinkActive` (Home on "/" only, others on their path and below, any query),
 * so the attribute and the highlight always agree.
 */
export function NavLink({ to, className, onClick }: { to: NavPath; className: string; onClick?: () => void }) {
  const label = navLinks.find((l) => l.to === to)?.label ?? to
  return (
    <Link to={to} className={className} activeOptions={{ exact: to === '/', includeSearch: false }} onClick={onClick}>
      {label}
    </Link>
  )
}
