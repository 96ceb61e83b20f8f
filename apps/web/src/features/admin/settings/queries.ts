import type { TrpcUtils } from '../../../lib/trpc'

/** The saved AI settings (the key only as a masked hint), fetched again each time the screen is shown. */
export const aiSettingsQuery = (trpc: TrpcUtils) => trpc.settings.ai.queryOptions(undefined, { staleTime: 0 })
