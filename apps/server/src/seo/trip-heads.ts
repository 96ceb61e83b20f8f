import { listTrips, NotFoundError, readTripPage, type AppDeps } from '@wayfarer/api'
import {
  brandTitle,
  pageTitle,
  site,
  tripSlugInput,
  tripsPage,
  type SiteSettings,
  type TripPage,
} from '@wayfarer/api/schemas'
import { escapeHtml, type PageHead } from './render-head'
import { jsonLd, socialTags } from './head-tags'
import { placeLd } from './geo'
import { absoluteUrl } from './xml'

type Preload = (src: string, sizes?: string) => string
/** The trips list shows covers as cards; a trip page shows its cover across the page. */
const LIST_COVER_SIZES = '(min-width: 768px) 50vw, 100vw'

/** /trips: the published trips for the first paint, the first cover fetched at once. */
export async function tripsHead(deps: AppDeps, preload: Preload, settings: SiteSettings): Promise<PageHead> {
  const { publicUrl } = deps.config
  const list = await listTrips(deps)
  const cover = list.trips.find((t) => t.cover)?.cover
  return {
    status: 200,
    title: tripsPage.title,
    description: tripsPage.description,
    initialData: [{ procedure: 'trips.list', data: list }],
    extraTags: [
      ...(cover ? [preload(cover.url, LIST_COVER_SIZES)] : []),
      ...socialTags({
        type: 'website',
        siteName: settings.name,
        title: brandTitle(tripsPage.title, settings),
        description: tripsPage.description,
        url: absoluteUrl(publicUrl, tripsPage.path),
        image: cover ? absoluteUrl(publicUrl, cover.url) : undefined,
        imageAlt: cover?.alt,
      }),
      jsonLd({
        '@type': 'ItemList',
        name: tripsPage.name,
        itemListElement: list.trips.map((t, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: absoluteUrl(publicUrl, `/trips/${encodeURIComponent(t.slug)}`),
          name: t.title,
        })),
      }),
    ],
  }
}

const describe = (trip: TripPage): string =>
  trip.summary ||
  [
    trip.day_count ? `${trip.day_count} days` : null,
    trip.countries.length ? trip.countries.map((c) => c.name).join(', ') : null,
    trip.story_count ? `${trip.story_count} stories` : null,
  ]
    .filter(Boolean)
    .join(' · ') ||
  site.description

/**
 * /trips/{slug}: a published trip's head (title, description, cover as og:image, canonical, its feed) with JSON-LD
 * Trip and its itinerary (one Place a day), and the page's data for the first paint; null for an unknown or draft
 * trip (the caller answers 404).
 */
export async function tripHead(
  deps: AppDeps,
  slug: string,
  preload: Preload,
  settings: SiteSettings,
): Promise<PageHead | null> {
  if (!tripSlugInput.safeParse({ slug }).success) return null
  let trip: TripPage
  try {
    trip = await readTripPage(deps, slug)
  } catch (error) {
    if (error instanceof NotFoundError) return null
    throw error
  }
  const { publicUrl } = deps.config
  const path = `/trips/${encodeURIComponent(trip.slug)}`
  const url = absoluteUrl(publicUrl, path)
  const title = brandTitle(pageTitle(trip.title), settings)
  const description = describe(trip)
  const image = trip.cover ? absoluteUrl(publicUrl, trip.cover.url) : undefined
  return {
    status: 200,
    title,
    description,
    initialData: [{ procedure: 'trips.bySlug', input: { slug: trip.slug }, data: trip }],
    extraTags: [
      ...(trip.cover ? [preload(trip.cover.url, '100vw')] : []),
      ...socialTags({
        type: 'website',
        siteName: settings.name,
        title,
        description,
        url,
        image,
        imageAlt: trip.cover?.alt ?? trip.title,
      }),
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(trip.title)}" href="${escapeHtml(`${url}/rss.xml`)}" />`,
      jsonLd({
        '@type': 'Trip',
        name: trip.title,
        description,
        url,
        ...(image ? { image: [image] } : {}),
        departureTime: trip.start_date,
        ...(trip.end_date ? { arrivalTime: trip.end_date } : {}),
        itinerary: {
          '@type': 'ItemList',
          numberOfItems: trip.map.markers.length,
          itemListElement: trip.map.markers.map((m, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: `Day ${m.day}`,
            item: placeLd({ latitude: m.latitude, longitude: m.longitude, name: m.label }, `Day ${m.day}`),
          })),
        },
        provider: { '@type': 'Organization', name: settings.name, url: `${publicUrl}/` },
      }),
    ],
  }
}
