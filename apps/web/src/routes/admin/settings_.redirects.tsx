import { createFileRoute } from '@tanstack/react-router'
import { RedirectsScreen } from '../../features/admin/transfer/redirects-screen'
import { redirectsQuery } from '../../features/admin/transfer/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/admin/settings_/redirects')({
  loader: ({ context: { queryClient } }) =>
    settled(queryClient.ensureQueryData(redirectsQuery({ page: 1, search: '' }))),
  component: RedirectsScreen,
})
