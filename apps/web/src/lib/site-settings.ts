import { useQuery } from '@tanstack/react-query'
import { defaultSiteSettings, type PublicSiteSettings } from '@wayfarer/api/schemas'
import { trpc } from './trpc'

/** The owner's site settings (name, texts, links): every page embeds them, so this rarely asks the server. */
export const siteSettingsQuery = () => trpc.settings.site.queryOptions()

/** The figures of Home, Gallery and About: counted by the server unless the owner set one. */
export const siteFiguresQuery = () => trpc.settings.figures.queryOptions()

// Until the settings arrive (every served page embeds them), a fresh install's, without the optional sections.
const beforeLoad: PublicSiteSettings = { ...defaultSiteSettings, videos: false }

/** The settings to show now: the saved ones, or a fresh install's until they arrive. */
export function useSiteSettings(): PublicSiteSettings {
  return useQuery(siteSettingsQuery()).data ?? beforeLoad
}
