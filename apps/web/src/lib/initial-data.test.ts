// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HERO_PHOTO_INPUT, HOME_STORIES_INPUT, INITIAL_DATA_ELEMENT_ID } from '@wayfarer/api/schemas'
import { primeQueriesFromPage } from './initial-data'
import { queryClient } from './trpc'
import { storyQuery } from '../features/post/queries'
import { heroPhotoQuery } from '../features/gallery/queries'
import { latestStoriesQuery } from '../features/home/queries'
import { storyCardsQuery } from '../features/blog/queries'
import { tripQuery, tripsQuery } from '../features/trips/queries'

// The answers only need their envelope here: the web app checks no more than that (see initial-data.ts).
const story = { id: 7, slug: 'el-nido', title: 'Island Hopping in El Nido' }
const hero = [{ url: '/media/gallery/hero.webp', title: 'Lagoon' }]
const cards = (title: string) => ({
  cards: [{ slug: 'el-nido', title }],
  pagination: { page: 1, limit: 12, total: 1, pages: 1 },
  categories: [],
  published_total: 1,
})

/** The page as the server writes it: the block in a JSON script element (seo/page-heads.ts). */
function embed(block: unknown) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = INITIAL_DATA_ELEMENT_ID
  element.textContent = JSON.stringify(block)
  document.body.append(element)
}

let requests: string[]
beforeEach(() => {
  queryClient.clear()
  requests = []
  // Any call to the API would mean the embedded answer was put where the screen does not look.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    requests.push(String(input))
    throw new Error('no network in this test')
  })
})
afterEach(() => vi.restoreAllMocks())

describe('the first view’s embedded answers land where the screens read them', () => {
  it('a story page: the story, under the key the loader and the screen build', async () => {
    embed([{ procedure: 'posts.story', input: { slug: 'el-nido' }, data: story }])
    primeQueriesFromPage()
    expect(await queryClient.ensureQueryData(storyQuery('el-nido'))).toEqual(story)
    expect(queryClient.getQueryData(storyQuery('another-story').queryKey)).toBeUndefined()
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull()
    expect(requests).toEqual([])
  })

  it('the home page: the hero picture and the latest stories', async () => {
    embed([
      { procedure: 'gallery.bodyPhotos', input: HERO_PHOTO_INPUT, data: hero },
      { procedure: 'posts.cards', input: HOME_STORIES_INPUT, data: cards('Latest') },
    ])
    primeQueriesFromPage()
    expect(await queryClient.ensureQueryData(heroPhotoQuery())).toEqual(hero)
    expect(await queryClient.ensureQueryData(latestStoriesQuery())).toEqual(cards('Latest'))
    expect(requests).toEqual([])
  })

  it('the blog list: the first page of its infinite query, for the category in the URL or none', async () => {
    embed([
      { procedure: 'posts.cards', infinite: true, input: { category: 'beach' }, data: cards('Beach') },
      { procedure: 'posts.cards', infinite: true, input: {}, data: cards('All') },
    ])
    primeQueriesFromPage()
    const firstPage = (title: string) => ({ pages: [cards(title)], pageParams: [1] })
    // The route's loader asks with the category alone; the screen adds the (empty) search.
    expect(await queryClient.ensureInfiniteQueryData(storyCardsQuery({ category: 'beach' }))).toEqual(
      firstPage('Beach'),
    )
    expect(queryClient.getQueryData(storyCardsQuery({ category: 'beach', search: undefined }).queryKey)).toEqual(
      firstPage('Beach'),
    )
    expect(await queryClient.ensureInfiniteQueryData(storyCardsQuery({ category: undefined }))).toEqual(
      firstPage('All'),
    )
    // The infinite list and the home page's plain query of the same procedure never share an entry.
    expect(queryClient.getQueryData(latestStoriesQuery().queryKey)).toBeUndefined()
    expect(requests).toEqual([])
  })

  it('the trips and a trip page: the list and the page, under the keys their loaders build', async () => {
    const list = { trips: [{ slug: 'nepal', title: 'Nepal' }] }
    const page = { slug: 'nepal', title: 'Nepal', timeline: [] }
    embed([
      { procedure: 'trips.list', data: list },
      { procedure: 'trips.bySlug', input: { slug: 'nepal' }, data: page },
    ])
    primeQueriesFromPage()
    expect(await queryClient.ensureQueryData(tripsQuery())).toEqual(list)
    expect(await queryClient.ensureQueryData(tripQuery('nepal'))).toEqual(page)
    expect(requests).toEqual([])
  })

  it('leaves the cache empty when the block is broken', () => {
    embed([{ procedure: 'posts.story', input: { slug: 1 }, data: story }])
    primeQueriesFromPage()
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
