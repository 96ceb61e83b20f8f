import { createFileRoute } from '@tanstack/react-router'
import { ImportExportScreen } from '../../features/admin/transfer/import-export-screen'
import { importLimitsQuery } from '../../features/admin/transfer/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/settings_/import')({
  loader: ({ context: { queryClient, trpc } }) => settled(queryClient.ensureQueryData(importLimitsQuery(trpc))),
  component: ImportExportScreen,
})
