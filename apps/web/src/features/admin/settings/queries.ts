import { trpc } from '../../../lib/trpc'

/** The saved AI settings (the key only as a masked hint), fetched again each time the screen is shown. */
export const aiSettingsQuery = () => trpc.settings.ai.queryOptions(undefined, { staleTime: 0 })

/** The site settings as saved, read again each time the screen is shown. */
export const siteSettingsAdminQuery = () => trpc.settings.site.queryOptions(undefined, { staleTime: 0 })

/** The figures with what the site counts, for the screen's hints. */
export const siteFiguresAdminQuery = () => trpc.settings.figures.queryOptions(undefined, { staleTime: 0 })
