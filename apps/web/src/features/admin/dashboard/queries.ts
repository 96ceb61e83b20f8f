import { trpc } from '../../../lib/trpc'

/** The dashboard's figures, fetched again each time it is shown (Refresh does it on demand). */
export const dashboardQuery = () => trpc.dashboard.stats.queryOptions(undefined, { staleTime: 0 })
