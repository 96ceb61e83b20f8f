import { createFileRoute } from '@tanstack/react-router'
import { AiSettingsScreen } from '../../features/admin/settings/ai-settings-screen'
import { aiSettingsQuery } from '../../features/admin/settings/queries'
import { SettingsTabs } from '../../features/admin/transfer/settings-tabs'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/settings')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(aiSettingsQuery())),
  component: SettingsScreen,
})

function SettingsScreen() {
  return (
    <>
      <SettingsTabs />
      <AiSettingsScreen />
    </>
  )
}
