import { createFileRoute } from '@tanstack/react-router'
import { AdminGalleryScreen } from '../../features/admin-gallery/admin-gallery-screen'

export const Route = createFileRoute('/admin/gallery')({ component: AdminGalleryScreen })
