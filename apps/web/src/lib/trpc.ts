import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  splitLink,
  TRPCClientError,
  type Operation,
  type TRPCLink,
} from '@trpc/client'
import { observable } from '@trpc/server/observable'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '@wayfarer/api'
import { MAX_TRPC_BATCH } from '@wayfarer/api/schemas'
import { QueryClient } from '@tanstack/react-query'
import { authStorage } from './auth-storage'
import { sessionEvents } from './session-events'

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

/**
 * Any procedure answering 401 to a call that carried a session signs the owner out and returns to the sign-in
 * screen: the session expired or was revoked elsewhere, and every later call would fail the same way.
 */
const signOutOnUnauthorized: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) => {
      const sentToken = authStorage.token() !== null
      return next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          const status =
            error instanceof TRPCClientError
              ? (error.data as { httpStatus?: number } | undefined)?.httpStatus
              : undefined
          if (status === 401 && sentToken && op.path !== 'auth.login') sessionEvents.expired()
          observer.error(error)
        },
        complete: () => observer.complete(),
      })
    })

/** The bearer header: a token the call carries itself (logout, sent just after the local sign-out), else the stored session. */
function authorization(ops: readonly Operation[]) {
  const carried = ops.map((op) => op.context.sessionToken).find((token) => typeof token === 'string')
  const token = carried ?? authStorage.token()
  return token ? { authorization: `Bearer ${token}` } : {}
}

/**
 * The one tRPC client. Screens and loaders never call it directly: they go through `trpc` below. Only the
 * session's own calls (`auth.login`, `auth.logout` in AuthProvider) use it, because they change who is asking
 * and so must stay outside the query cache that signing out clears.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    signOutOnUnauthorized,
    // Calls that may wait on an outside service (YouTube) travel alone, so a slow upstream never holds back the
    // hero, the stories or the gallery that the same page asked for in the same tick. Sign-in travels alone
    // too: the server never accepts it inside a batch.
    splitLink({
      condition: (op) => op.path.startsWith('youtube.') || op.path === 'auth.login',
      true: httpLink({ url: '/trpc', headers: ({ op }) => authorization([op]) }),
      // The server refuses bigger batches; more calls at once go out as several requests.
      false: httpBatchLink({ url: '/trpc', headers: ({ opList }) => authorization(opList), maxItems: MAX_TRPC_BATCH }),
    }),
  ],
})

/**
 * Every procedure as TanStack Query options (`@trpc/tanstack-react-query`): `trpc.x.queryOptions(input)` and
 * `infiniteQueryOptions` for `useQuery` / `useInfiniteQuery` and the loaders' `queryClient.ensureQueryData`,
 * `trpc.x.mutationOptions()` for `useMutation`, and `trpc.x.queryKey()` / `queryFilter()` / `pathFilter()` to
 * read, write or invalidate the cache. A loader and a screen build the same options, so they share one entry.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
