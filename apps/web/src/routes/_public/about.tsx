import { createFileRoute } from '@tanstack/react-router'
import { AboutScreen } from '../../features/about/about-screen'

export const Route = createFileRoute('/_public/about')({ component: AboutScreen })
