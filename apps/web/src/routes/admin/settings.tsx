import { createFileRoute } from '@tanstack/react-router'
import { AiSettingsScreen } from '../../features/settings/ai-settings-screen'

export const Route = createFileRoute('/admin/settings')({ component: AiSettingsScreen })
