import { createFileRoute } from '@tanstack/react-router'
import { AboutScreen } from '../../features/about/about-screen'
import { bodyPhotosQuery } from '../../features/gallery/queries'
import { settled } from '../../lib/preload'

export const Route = createFileRoute('/_public/about')({
  loader: ({ context: { queryClient } }) =>
    settled(
      queryClient.ensureQueryData(bodyPhotosQuery('about', 2)),
      queryClient.ensureQueryData(bodyPhotosQuery('gear', 6)),
    ),
  component: AboutScreen,
})
