import { createTRPCReact, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/react-query'
import { observable } from '@trpc/server/observable'
import type { AppRouter } from '@wayfarer/api'
import { QueryClient } from '@tanstack/react-query'
import { authStorage } from './auth-storage'
import { noteStatus } from './api-fetch'

/** Typed hooks for every procedure of the server (end-to-end types from @wayfarer/api). */
export const trpc = createTRPCReact<AppRouter>()

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

/** Any procedure answering 401 to a call that carried a session signs the owner out (SPEC.md §2). */
const signOutOnUnauthorized: TRPCLink<AppRouter> = () => ({ next, op }) =>
  observable((observer) => {
    const sentToken = authStorage.token() !== null
    return next(op).subscribe({
      next: (value) => observer.next(value),
      error: (error) => {
        if (error instanceof TRPCClientError && op.path !== 'auth.login') {
          noteStatus((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0, sentToken)
        }
        observer.error(error)
      },
      complete: () => observer.complete(),
    })
  })

export const trpcClient = trpc.createClient({
  links: [
    signOutOnUnauthorized,
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = authStorage.token()
        return token ? { authorization: `Bearer ${token}` } : {}
      },
    }),
  ],
})
