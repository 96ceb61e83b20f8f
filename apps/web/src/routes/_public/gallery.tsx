import { createFileRoute } from '@tanstack/react-router'
import { GalleryScreen } from '../../features/gallery/gallery-screen'

export const Route = createFileRoute('/_public/gallery')({ component: GalleryScreen })
