import {
  createTRPCQueryUtils,
  createTRPCReact,
  httpBatchLink,
  httpLink,
  splitLink,
  TRPCClientError,
  type Operation,
  type TRPCLink,
} from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '@wayfarer/api'
import { MAX_TRPC_BATCH } from '@wayfarer/api/schemas'
import { QueryClient } from '@tanstack/react-query'
import { authStorage } from './auth-storage'
import { sessionEvents } from './session-events'

/** Typed hooks for every procedure of the server (end-to-end types from @wayfarer/api). */
export const trpc = createTRPCReact<AppRouter>()

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

/** Any procedure answering 401 to a call that carried a session signs the owner out (SPEC.md §2). */
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

export const trpcClient = trpc.createClient({
  links: [
    signOutOnUnauthorized,
    // Calls that may wait on an outside service (YouTube) travel alone, so a slow upstream never holds back the
    // hero, the stories or the gallery that the same page asked for in the same tick (issue 12, defect 3).
    // Sign-in travels alone too: the server never accepts it inside a batch (issue 11).
    splitLink({
      condition: (op) => op.path.startsWith('youtube.') || op.path === 'auth.login',
      true: httpLink({ url: '/trpc', headers: ({ op }) => authorization([op]) }),
      // The server refuses bigger batches (issue 11); more calls at once go out as several requests.
      false: httpBatchLink({ url: '/trpc', headers: ({ opList }) => authorization(opList), maxItems: MAX_TRPC_BATCH }),
    }),
  ],
})

/**
 * The same client and cache outside React: route loaders preload with `queryClient.ensureQueryData(
 * trpcUtils.x.queryOptions(input))`, under the very keys the screens' hooks read.
 */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient })
export type TrpcUtils = typeof trpcUtils
