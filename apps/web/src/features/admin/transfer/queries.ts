import { trpc } from '../../../lib/trpc'

export const importLimitsQuery = () => trpc.transfer.limits.queryOptions()

/** Redirects of Admin → Settings → Redirects, one page at a time. */
export const redirectsQuery = (view: { page: number; search?: string | undefined }) =>
  trpc.redirects.list.queryOptions({ page: view.page, search: view.search || undefined }, { staleTime: 0 })
