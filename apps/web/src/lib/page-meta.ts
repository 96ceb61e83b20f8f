import { useEffect } from 'react'
import { pageTitle, site } from '@wayfarer/api/schemas'

/**
 * Sets the document's <title> and meta description for the screen being shown. The server already injected
 * both for the first page load; this keeps them right as the visitor navigates inside the app.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [title, description])
}

/** An admin screen's title, e.g. "Posts · Admin | Wayfarer" (admin pages are not indexed: no description of their own). */
export function useAdminTitle(screen: string): void {
  usePageMeta(pageTitle(`${screen} · Admin`), site.description)
}
