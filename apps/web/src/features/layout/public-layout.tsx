import type { ReactNode } from 'react'
import { SiteHeader } from './site-header'
import { SiteFooter } from './site-footer'
import { BackToTop } from './back-to-top'
import { useScrollToTopOnNavigation } from './scroll-to-top'
import { MAIN_ID, SkipLink } from './skip-link'

/** The public site's frame: sticky header, the page, footer, back-to-top. Admin screens do not use it. */
export function PublicLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <BackToTop />
    </div>
  )
}
