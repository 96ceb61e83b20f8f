// Before any schema is built: no eval probe under the CSP (see @wayfarer/api zod-setup).
import '@wayfarer/api/zod-setup'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from './lib/trpc'
import { router } from './router'
import { AuthProvider } from './features/auth/auth-provider'
import { primeQueriesFromPage } from './lib/initial-data'
import './styles.css'

primeQueriesFromPage()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
)
