import { stripSearchParams } from '@tanstack/react-router'
import type { $ZodType } from 'zod/v4/core'

/**
 * Route options for a list screen whose view (page, filter, search) lives in the URL: the zod schema validates
 * what the URL says (a bad value falls back to its default), defaults stay out of the URL (/admin/posts, not
 * /admin/posts?page=1), and the loader runs again whenever the view changes.
 */
export function viewInUrl<View extends Record<string, unknown>>(
  schema: $ZodType<View, Partial<Record<keyof View, unknown>>>,
  defaults: Partial<View>,
) {
  return {
    validateSearch: schema,
    search: { middlewares: [stripSearchParams<View>(defaults)] },
    loaderDeps: ({ search }: { search: View }) => search,
  }
}

/** The view a list screen shows, read from the URL, and the way to change it (a navigation, so Back works). */
export function useViewInUrl<View>(route: {
  useSearch: () => View
  useNavigate: () => (options: { search: NoInfer<View> }) => Promise<void>
}) {
  const view = route.useSearch()
  const navigate = route.useNavigate()
  return [view, (next: View) => void navigate({ search: next })] as const
}
