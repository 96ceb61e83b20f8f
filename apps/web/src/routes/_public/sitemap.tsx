import { createFileRoute } from '@tanstack/react-router'
import { SitemapScreen } from '../../features/pages/sitemap-screen'
import { storiesQuery } from '../../features/blog/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/_public/sitemap')({
  loader: ({ context: { queryClient, trpc } }) => settled(queryClient.ensureQueryData(storiesQuery(trpc, {}))),
  component: SitemapScreen,
})
