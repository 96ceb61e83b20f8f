import { trpc } from '../../../lib/trpc'

/** The saved AI settings (the key only as a masked hint), fetched again each time the screen is shown. */
export const aiSettingsQuery = () => trpc.settings.ai.queryOptions(undefined, { staleTime: 0 })
