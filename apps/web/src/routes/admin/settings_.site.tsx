import { createFileRoute } from '@tanstack/react-router'
import { SiteSettingsScreen } from '../../features/admin/settings/site-settings-screen'
import { siteSettingsAdminQuery } from '../../features/admin/settings/queries'
import { SettingsTabs } from '../../features/admin/transfer/settings-tabs'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/settings_/site')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(siteSettingsAdminQuery())),
  component: () => (
    <>
      <SettingsTabs />
      <SiteSettingsScreen />
    </>
  ),
})
