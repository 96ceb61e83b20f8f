import { createTRPCReact, httpBatchLink } from '@trpc/react-query'
import type { AppRouter } from '@wayfarer/api'
import { QueryClient } from '@tanstack/react-query'
import { authStorage } from './auth-storage'

/** Typed hooks for every procedure of the server (end-to-end types from @wayfarer/api). */
export const trpc = createTRPCReact<AppRouter>()

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

export const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = authStorage.token()
        return token ? { authorization: `Bearer ${token}` } : {}
      },
    }),
  ],
})
