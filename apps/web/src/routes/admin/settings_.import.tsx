import { createFileRoute } from '@tanstack/react-router'
import { ImportExportScreen } from '../../features/admin/transfer/import-export-screen'
import { importLimitsQuery } from '../../features/admin/transfer/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/settings_/import')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(importLimitsQuery())),
  component: ImportExportScreen,
})
