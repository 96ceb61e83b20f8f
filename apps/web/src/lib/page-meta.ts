import { useEffect } from 'react'
import { brandTitle, pageTitle, site } from '@wayfarer/api/schemas'
import { useSiteSettings } from './site-settings'

/**
 * Sets the document's <title> and meta description for the screen being shown. The server already injected
 * both for the first page load; this keeps them right as the visitor navigates inside the app.
 */
export function usePageMeta(title: string, description: string): void {
  const settings = useSiteSettings()
  const shownTitle = brandTitle(title, settings)
  // The home page is described by its hero text, as the server's head does.
  const shownDescription = description === site.description && settings.heroText ? settings.heroText : description
  useEffect(() => {
    document.title = shownTitle
    document.documentElement.lang = settings.language
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = shownDescription
  }, [shownTitle, shownDescription, settings.language])
}

/** An admin screen's title, e.g. "Posts · Admin | Wayfarer" (admin pages are not indexed: no description of their own). */
export function useAdminTitle(screen: string): void {
  usePageMeta(pageTitle(`${screen} · Admin`), site.description)
}
