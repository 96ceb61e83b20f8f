import { useRef } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { cx } from '@wayfarer/ui'
import { useSiteSettings } from '../../lib/site-settings'
import { isNavLinkActive, navLinks } from './nav-links'
import { NavLink } from './nav-link'
import { useDisclosureMenu } from './use-disclosure-menu'

/** Sticky header (h-20) with the navigation; below md a menu button toggles a drop-down list. */
export function SiteHeader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const header = useRef<HTMLElement>(null)
  const mobileNav = useRef<HTMLElement>(null)
  const menu = useDisclosureMenu(header, mobileNav)
  const settings = useSiteSettings()

  const linkClass = (to: string) =>
    cx(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isNavLinkActive(to, pathname) ? 'bg-teal-50 text-teal-800' : 'text-gray-700 hover:text-teal-700',
    )

  return (
    <header ref={header} className="sticky top-0 z-40 h-20 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
        <Link
          to="/"
          activeOptions={{ exact: true }}
          className="flex items-center gap-2 text-2xl font-bold tracking-tight text-teal-800"
          onClick={() => menu.close(false)}
        >
          {settings.logoUrl && (
            <img src={settings.logoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" />
          )}
          <span data-testid="site-name">{settings.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden gap-1 md:flex">
          {navLinks.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass(l.to)} />
          ))}
        </nav>
        <button
          ref={menu.toggle}
          type="button"
          className="rounded-md p-2 text-gray-700 hover:bg-gray-100 md:hidden"
          aria-label={menu.open ? 'Close menu' : 'Open menu'}
          aria-expanded={menu.open}
          aria-controls="mobile-menu"
          onClick={() => (menu.open ? menu.close(true) : menu.setOpen(true))}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {menu.open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {menu.open && (
        <nav
          ref={mobileNav}
          id="mobile-menu"
          aria-label="Mobile"
          className="border-b border-gray-200 bg-white px-4 pb-4 shadow-md md:hidden"
        >
          {navLinks.map((l) => (
            <NavLink key={l.to} to={l.to} className={cx('block', linkClass(l.to))} onClick={() => menu.close(false)} />
          ))}
        </nav>
      )}
    </header>
  )
}
