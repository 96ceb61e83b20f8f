import { createFileRoute } from '@tanstack/react-router'
import { PlacesScreen } from '../../../features/map/places-screen'
import { countriesQuery } from '../../../features/map/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/_public/places/')({
  loader: ({ context: { queryClient } }) => settled(queryClient.ensureQueryData(countriesQuery())),
  component: PlacesScreen,
})
