import { createFileRoute } from '@tanstack/react-router'
import { GalleryScreen } from '../../features/gallery/gallery-screen'
import { galleryQuery } from '../../features/gallery/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/_public/gallery')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(galleryQuery())),
  component: GalleryScreen,
})
