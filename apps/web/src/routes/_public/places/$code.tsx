import { createFileRoute } from '@tanstack/react-router'
import { CountryScreen } from '../../../features/map/country-screen'
import { countryQuery, mapSettingsQuery } from '../../../features/map/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/_public/places/$code')({
  loader: ({ context: { queryClient }, params }) =>
    /^[a-z]{2}$/i.test(params.code)
      ? settled(
          queryClient.ensureQueryData(countryQuery(params.code.toUpperCase())),
          // The deepest zoom fits the country's map: known before it is drawn, it is drawn once.
          queryClient.ensureQueryData(mapSettingsQuery()),
        )
      : undefined,
  component: CountryRoute,
})

function CountryRoute() {
  const { code } = Route.useParams()
  return <CountryScreen code={code} />
}
