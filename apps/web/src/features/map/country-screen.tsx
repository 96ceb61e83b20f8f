import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  isCountryCodeShape,
  notFoundPage,
  pageTitle,
  type MapPhoto,
  type PlacesCountryOutput,
} from '@wayfarer/api/schemas'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { usePageMeta } from '../../lib/page-meta'
import { plural } from '../../lib/numbers'
import { Lightbox } from '../gallery/lightbox'
import { NotFoundScreen } from '../pages/not-found-screen'
import { Flag } from './flag'
import { MapStoryCard } from './map-story-card'
import { viewAround, type MapView } from './mercator'
import { countryQuery } from './queries'
import { useElementWidth } from './use-element-width'
import { useMaxZoom, WorldMap } from './world-map'

const MAP_HEIGHT = 360

/** /places/{cc}: one country's stories and photos, and a map zoomed to them. */
export function CountryScreen({ code }: { code: string }) {
  const upper = code.toUpperCase()
  const valid = isCountryCodeShape(upper)
  const country = useQuery({ ...countryQuery(upper), enabled: valid })
  const name = country.data?.country.name
  // This screen's title wins over the not-found screen's own (a parent's effect runs after its child's).
  const notFound = !valid || country.error?.data?.httpStatus === 400
  usePageMeta(
    notFound ? notFoundPage.title : pageTitle(name ?? 'Places'),
    name ? `Stories and photos from ${name}.` : notFound ? notFoundPage.description : 'Stories and photos by country.',
  )
  if (!valid) return <NotFoundScreen />
  return (
    <QueryView
      query={country}
      loading={
        <div className="mx-auto max-w-7xl space-y-6 px-4 py-10" aria-busy="true">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-[360px] w-full rounded-xl" />
        </div>
      }
      // A code the server does not know as a country is a page that does not exist.
      failed={(error) => (error.data?.httpStatus === 400 ? <NotFoundScreen /> : 'This country could not be loaded.')}
      failedClassName="py-24"
    >
      {(data) => <CountryPage data={data} />}
    </QueryView>
  )
}

function CountryPage({ data }: { data: PlacesCountryOutput }) {
  const [photo, setPhoto] = useState<number | null>(null)
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to="/places" className="text-teal-700 underline underline-offset-2">
          Places
        </Link>{' '}
        / {data.country.name}
      </nav>
      <h1 className="mt-2 text-4xl font-bold text-gray-900">
        <Flag code={data.country.code} className="mr-3" />
        {data.country.name}
      </h1>
      <p className="mt-2 text-gray-600" data-testid="country-counts">
        {plural(data.country.stories, 'story', 'stories')} · {plural(data.country.photos, 'photo', 'photos')}
      </p>
      <CountryMap data={data} onPhoto={(p) => setPhoto(data.photos.indexOf(p))} />
      {data.stories.length === 0 && data.photos.length === 0 ? (
        <p className="mt-8 text-gray-600">No stories or photos from {data.country.name} yet.</p>
      ) : null}
      {data.stories.length ? (
        <section className="mt-10" aria-labelledby="country-stories">
          <h2 id="country-stories" className="text-2xl font-bold text-gray-900">
            Stories
          </h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="country-stories">
            {data.stories.map((s) => (
              <li key={s.id}>
                <MapStoryCard story={s} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.photos.length ? <CountryPhotos photos={data.photos} onOpen={setPhoto} /> : null}
      {photo !== null ? (
        <Lightbox photos={data.photos} index={photo} onIndex={setPhoto} onClose={() => setPhoto(null)} />
      ) : null}
    </div>
  )
}

/** The map fitted to the country's stories and photos (the whole world when it has none), the country shaded. */
function CountryMap({ data, onPhoto }: { data: PlacesCountryOutput; onPhoto: (photo: MapPhoto) => void }) {
  const [box, width] = useElementWidth<HTMLDivElement>(800)
  const [moved, setMoved] = useState<MapView | null>(null)
  const navigate = useNavigate()
  const maxZoom = useMaxZoom()
  const fitted =
    data.bbox && width !== undefined
      ? viewAround(data.bbox, width, MAP_HEIGHT, maxZoom)
      : { longitude: 0, latitude: 20, zoom: 1 }
  return (
    <div ref={box} className="mt-6">
      <WorldMap
        view={moved ?? fitted}
        onView={setMoved}
        width={width}
        height={MAP_HEIGHT}
        stories={data.stories}
        photos={data.photos}
        visited={new Set(data.country.numeric ? [data.country.numeric] : [])}
        onStory={(s) => void navigate({ to: '/blog/$slug', params: { slug: s.slug } })}
        onPhoto={onPhoto}
        label={`Map of ${data.country.name}`}
      />
    </div>
  )
}

function CountryPhotos({ photos, onOpen }: { photos: MapPhoto[]; onOpen: (index: number) => void }) {
  return (
    <section className="mt-10" aria-labelledby="country-photos">
      <h2 id="country-photos" className="text-2xl font-bold text-gray-900">
        Photos
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => onOpen(i)}
              aria-label={`Open ${p.title || 'photo'}`}
              className="block w-full overflow-hidden rounded-lg focus-visible:ring-4 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              <img
                src={p.thumbnail_url}
                srcSet={p.srcset || undefined}
                sizes="(min-width: 768px) 25vw, 50vw"
                alt={p.title}
                width={p.width || undefined}
                height={p.height || undefined}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
