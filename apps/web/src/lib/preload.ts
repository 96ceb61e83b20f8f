import type { QueryClient } from '@tanstack/react-query'

/**
 * What every route loader receives (the router's context). The queries themselves come from each feature's
 * `queries.ts`, built on the one `trpc` options proxy (`lib/trpc.ts`), so a loader and its screen share a cache entry.
 */
export interface RouterContext {
  queryClient: QueryClient
}

/**
 * Waits until each preloaded query is in the cache or has failed. A failure is not the router's business: the
 * screen reads the same query and shows its own error text and retry button.
 */
export async function settled(...loads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(loads)
}
