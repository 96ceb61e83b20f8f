import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { usePageMeta } from '../../lib/page-meta'
import { plural } from '../../lib/numbers'
import { Flag } from './flag'
import { countriesQuery } from './queries'

/** /places: the countries visited, with their flag and how many stories and photos each has. */
export function PlacesScreen() {
  usePageMeta(staticPages.places.title, staticPages.places.description)
  const countries = useQuery(countriesQuery())
  const list = countries.data?.countries ?? []
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-4xl font-bold text-gray-900">Places</h1>
      <p className="mt-2 text-gray-600" data-testid="places-counts">
        {countries.data
          ? `${plural(list.length, 'country', 'countries')} · ${plural(countries.data.places, 'place', 'places')}`
          : '\u00a0'}
        {' · '}
        <Link to="/map" className="font-medium text-teal-700 underline underline-offset-2">
          See them on the map
        </Link>
      </p>
      <QueryView
        query={countries}
        loading={<Skeleton layout="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" count={6} className="h-20" />}
        failed="The countries could not be loaded."
        isEmpty={(data) => data.countries.length === 0}
        empty={
          <p className="mt-8 text-gray-600">No places yet: stories and photos with a location will appear here.</p>
        }
      >
        {(data) => (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="country-list">
            {data.countries.map((c) => (
              <li key={c.code}>
                <Link
                  to="/places/$code"
                  params={{ code: c.code.toLowerCase() }}
                  className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                >
                  <Flag code={c.code} className="text-4xl" />
                  <span>
                    <span className="block font-bold text-gray-900">{c.name}</span>
                    <span className="block text-sm text-gray-600">
                      {plural(c.stories, 'story', 'stories')} · {plural(c.photos, 'photo', 'photos')}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  )
}
