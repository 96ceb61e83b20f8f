import { createFileRoute } from '@tanstack/react-router'
import { SitemapScreen } from '../../features/pages/sitemap-screen'
import { storyCardsQuery } from '../../features/blog/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/_public/sitemap')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureInfiniteQueryData(storyCardsQuery({}))),
  component: SitemapScreen,
})
