import type { ReactNode } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { footerCategories, staticPages } from '@wayfarer/api/schemas'
import { useSiteSettings } from '../../lib/site-settings'
import { isNavLinkActive, navLinks } from './nav-links'
import { NavLink } from './nav-link'
import { SocialLinks } from './social-links'

const legalLinks = [staticPages.privacy, staticPages.terms, staticPages.sitemap]

// The current page stands out in the footer too: white, bold and underlined, not by colour alone.
const currentClass = 'font-semibold text-white underline underline-offset-4'
const footerLinkClass = (current: boolean) => (current ? currentClass : 'hover:text-white')
const headingClass = 'text-sm font-semibold uppercase tracking-wide text-white'

/** A footer column of links under its heading. */
function FooterLinks({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </nav>
  )
}

/** Footer: navigation, category links (/blog?category=…), social links, legal links and the current year. */
export function SiteFooter() {
  const year = new Date().getFullYear()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const settings = useSiteSettings()
  return (
    <footer className="mt-16 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-bold text-white">{settings.name}</p>
          {settings.footerText && <p className="mt-3 text-sm leading-relaxed">{settings.footerText}</p>}
          <SocialLinks className="mt-4" />
        </div>
        <FooterLinks label="Footer" title="Explore">
          {navLinks.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={footerLinkClass(isNavLinkActive(l.to, pathname))} />
            </li>
          ))}
        </FooterLinks>
        <FooterLinks label="Categories" title="Categories">
          {footerCategories.map((c) => (
            <li key={c.slug}>
              <Link
                to="/blog"
                search={{ category: c.slug }}
                activeOptions={{ exact: true }}
                activeProps={{ className: currentClass }}
                className="hover:text-white"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </FooterLinks>
        <div>
          <h2 className={headingClass}>Stay in touch</h2>
          {settings.contactEmail && (
            <p className="mt-3 text-sm">
              <a href={`mailto:${settings.contactEmail}`} className="hover:text-white">
                {settings.contactEmail}
              </a>
            </p>
          )}
        </div>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm sm:flex-row">
          <p>
            © {year} {settings.name}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex gap-4">
            {legalLinks.map((p) => (
              <Link
                key={p.path}
                to={p.path}
                activeOptions={{ exact: true }}
                activeProps={{ className: currentClass }}
                className="hover:text-white"
              >
                {p.name}
              </Link>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  )
}
