import type { QueryClient } from '@tanstack/react-query'
import type { TrpcUtils } from './trpc'

/** What every route loader receives (the router's context). */
export interface RouterContext {
  trpc: TrpcUtils
  queryClient: QueryClient
}

/**
 * Waits until each preloaded query is in the cache or has failed. A failure is not the router's business: the
 * screen reads the same query and shows its own error text and retry button.
 */
export async function settled(...loads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(loads)
}
