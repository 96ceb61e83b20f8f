/**
 * A form's validation schema, loaded on first use instead of with the page: the shared schemas bring zod, which
 * the public pages' first load does without (apps/web/build-check/js-budget.mjs). Start loading when the
 * visitor focuses the form (`preload`), wait for it on submit (`load`); `loaded` is there once either finished.
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let loaded: T | undefined
  let pending: Promise<T> | undefined
  const load = (): Promise<T> => {
    pending ??= importer().then(
      (value) => (loaded = value),
      (error: unknown) => {
        pending = undefined // a failed download (offline) is tried again on the next submit
        throw error
      },
    )
    return pending
  }
  return { load, preload: () => void load().catch(() => undefined), loaded: () => loaded }
}
