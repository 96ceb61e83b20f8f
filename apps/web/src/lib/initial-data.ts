import { z } from 'zod/mini'
import {
  HERO_PHOTO_INPUT,
  HOME_STORIES_INPUT,
  INITIAL_DATA_ELEMENT_ID,
  type PostCardsOutput,
  type PublicPost,
  type TripPage,
  type TripCard,
  type PublicSiteSettings,
} from '@wayfarer/api/schemas'
import { queryClient, trpc } from './trpc'

/**
 * The embedded block (`InitialQuery`): a story page's story, the home page's hero picture and latest stories, the
 * blog list's first page, or the trips and a trip's page. The stories and cards have their envelope checked only: they come from the server
 * that sent this page, built by the procedures whose answers seo.int.test.ts compares them with, and parsing every
 * field again would put the full schema library on every public page's first load.
 */
const embeddedQueries = z.array(
  z.union([
    z.object({
      procedure: z.literal('posts.story'),
      input: z.object({ slug: z.string() }),
      data: z.custom<PublicPost>((value) => typeof value === 'object' && value !== null),
    }),
    z.object({
      procedure: z.literal('gallery.bodyPhotos'),
      input: z.object({ use: z.literal(HERO_PHOTO_INPUT.use), limit: z.literal(HERO_PHOTO_INPUT.limit) }),
      data: z.array(z.object({ url: z.string(), title: z.string() })),
    }),
    z.object({
      procedure: z.literal('posts.cards'),
      input: z.object({ limit: z.literal(HOME_STORIES_INPUT.limit) }),
      data: z.custom<PostCardsOutput>((value) => typeof value === 'object' && value !== null),
    }),
    z.object({
      procedure: z.literal('posts.cards'),
      infinite: z.literal(true),
      input: z.object({ category: z.optional(z.string()) }),
      data: z.custom<PostCardsOutput>((value) => typeof value === 'object' && value !== null),
    }),
    z.object({
      procedure: z.literal('trips.list'),
      data: z.custom<{ trips: TripCard[] }>((value) => typeof value === 'object' && value !== null),
    }),
    z.object({
      procedure: z.literal('settings.site'),
      data: z.custom<PublicSiteSettings>((value) => typeof value === 'object' && value !== null),
    }),
    z.object({
      procedure: z.literal('trips.bySlug'),
      input: z.object({ slug: z.string() }),
      data: z.custom<TripPage>((value) => typeof value === 'object' && value !== null),
    }),
  ]),
)

/**
 * Puts the query answers the server embedded in the page into the query cache before the first render, so the
 * route's loader finds them and the page paints without fetching. A missing or broken block only costs the
 * round trip it meant to save.
 */
export function primeQueriesFromPage(): void {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID)
  if (!element) return
  element.remove()
  let parsed: unknown
  try {
    parsed = JSON.parse(element.textContent ?? '')
  } catch {
    return
  }
  const queries = embeddedQueries.safeParse(parsed)
  if (!queries.success) return
  for (const query of queries.data) {
    if (query.procedure === 'trips.list') queryClient.setQueryData(trpc.trips.list.queryKey(), query.data)
    else if (query.procedure === 'settings.site') queryClient.setQueryData(trpc.settings.site.queryKey(), query.data)
    else if (query.procedure === 'trips.bySlug')
      queryClient.setQueryData(trpc.trips.bySlug.queryKey(query.input), query.data)
    else if (query.procedure === 'posts.story')
      queryClient.setQueryData(trpc.posts.story.queryKey(query.input), query.data)
    else if (query.procedure === 'posts.cards' && 'infinite' in query)
      queryClient.setQueryData(trpc.posts.cards.infiniteQueryKey(query.input), {
        pages: [query.data],
        pageParams: [1],
      })
    else if (query.procedure === 'posts.cards')
      queryClient.setQueryData(trpc.posts.cards.queryKey(query.input), query.data)
    else queryClient.setQueryData(trpc.gallery.bodyPhotos.queryKey(query.input), query.data)
  }
}
