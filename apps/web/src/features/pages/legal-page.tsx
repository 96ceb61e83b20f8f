import type { ReactNode } from 'react'
import type { StaticPage } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'

/** A plain text page (privacy, terms) with the footer's legal links' titles. */
export function LegalPage({ page, children }: { page: StaticPage; children: ReactNode }) {
  usePageMeta(page.title, page.description)
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">{page.name}</h1>
      <div className="mt-8 space-y-4 leading-relaxed text-gray-700">{children}</div>
    </article>
  )
}
