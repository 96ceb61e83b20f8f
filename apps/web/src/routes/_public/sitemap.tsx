import { createFileRoute } from '@tanstack/react-router'
import { SitemapScreen } from '../../features/pages/sitemap-screen'

export const Route = createFileRoute('/_public/sitemap')({ component: SitemapScreen })
