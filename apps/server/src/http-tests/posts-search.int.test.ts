import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServersOnOneDatabase, type ServersOnOneDatabase } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

// The blog search finds words in a story's text too, after the stories that match in the fields the documented
// search names (title, excerpt, place, category), and folds accents and case (docs/product.md, "Blog").
// Two servers share one database (two processes on PostgreSQL): the stored search documents are the database's,
// so a write through one server is found at once through the other.

let site: ServersOnOneDatabase
const slugsOf = (body: { data: { slug: string }[] }) => body.data.map((p) => p.slug)

beforeAll(async () => {
  site = await startServersOnOneDatabase()
  await createReadingFixtures(site.apps[0]!.deps.prisma, [
    {
      slug: 'moldova-wine',
      title: 'Wine Cellars Under the Hills',
      daysAgo: 1,
      excerpt: 'A day among the cellars.',
      content: '<p>We took the early bus from the station and reached the <strong>labyrinth</strong> by noon.</p>',
      location: { name: 'Mileștii Mici', city: 'Chișinău', country: 'Moldova' },
    },
    {
      slug: 'sao-paulo',
      title: 'Three Days in São Paulo',
      daysAgo: 2,
      category: 'beach',
      excerpt: 'Markets, murals and a very long café breakfast.',
      content: '<p>The Mercadão sells a mortadella sandwich the size of a brick.</p>',
    },
    {
      slug: 'labyrinth-title',
      title: 'The Labyrinth of Cellars',
      daysAgo: 5,
      content: '<p>Not much text here.</p>',
    },
    {
      slug: 'labyrinth-excerpt',
      title: 'A Walk Underground',
      excerpt: 'A labyrinth older than the town.',
      daysAgo: 4,
    },
    {
      slug: 'labyrinth-body-older',
      title: 'Notes From the Road',
      daysAgo: 6,
      content: '<h2>Day two</h2><p>Lost in a labyrinth of side streets.</p>',
    },
    {
      slug: 'draft-labyrinth',
      title: 'Draft',
      status: 'draft',
      daysAgo: 0,
      content: '<p>A labyrinth nobody may see yet.</p>',
    },
    {
      slug: 'markup-only',
      title: 'Photos',
      daysAgo: 3,
      content: '<p><a href="https://example.com/strongroom">pictures</a></p>',
    },
  ])
})
afterAll(() => site?.close())

describe('blog search over the story text', () => {
  it('finds words only in the text, after title, excerpt and place matches, newest first among text matches', async () => {
    const body = (await site.apis[1]!.get('/api/posts?search=labyrinth')).json()
    // Title outranks excerpt (the fields' ranking); then the stories with the word only in their text, newest
    // first; never the draft.
    expect(slugsOf(body)).toEqual(['labyrinth-title', 'labyrinth-excerpt', 'moldova-wine', 'labyrinth-body-older'])
    expect(body.pagination.total).toBe(4)
    // Paging follows the same order.
    const second = (await site.apis[1]!.get('/api/posts?search=labyrinth&limit=2&page=2')).json()
    expect(slugsOf(second)).toEqual(['moldova-wine', 'labyrinth-body-older'])
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 4, pages: 2 })
  })

  it('stems and prefix-matches text words, and never matches inside the HTML markup', async () => {
    expect(slugsOf((await site.apis[0]!.get('/api/posts?search=sandwiches')).json())).toEqual(['sao-paulo'])
    expect(slugsOf((await site.apis[0]!.get('/api/posts?search=mortad')).json())).toEqual(['sao-paulo'])
    // "strong" is a tag name and "strongroom" only sits in a link's address.
    expect(slugsOf((await site.apis[0]!.get('/api/posts?search=strong')).json())).toEqual([])
    expect(slugsOf((await site.apis[0]!.get('/api/posts?search=strongroom')).json())).toEqual([])
  })

  it("finds a category's stories by its name, a word of it or a fragment, and a category without stories finds none", async () => {
    const search = async (q: string) =>
      slugsOf((await site.apis[0]!.get(`/api/posts?search=${encodeURIComponent(q)}`)).json())
    // Only the São Paulo story is in "Beach Destinations"; "Tech" has no stories.
    for (const q of ['Beach Destinations', 'destinations', 'destin', 'each dest'])
      expect(await search(q), q).toEqual(['sao-paulo'])
    expect(await search('tech')).toEqual([])
  })

  it('folds accents and case both ways: Chișinău, São, café', async () => {
    const search = async (q: string) =>
      slugsOf((await site.apis[1]!.get(`/api/posts?search=${encodeURIComponent(q)}`)).json())
    for (const q of ['Chișinău', 'chisinau', 'CHIȘINĂU', 'Chisinau', 'milestii'])
      expect(await search(q), q).toEqual(['moldova-wine'])
    for (const q of ['São', 'sao', 'SAO PAULO', 'são paulo']) expect(await search(q), q).toEqual(['sao-paulo'])
    // In the excerpt (cafe) and in the text (Mercadão), without and with the accent.
    for (const q of ['cafe', 'café', 'mercadao', 'Mercadão']) expect(await search(q), q).toEqual(['sao-paulo'])
    // A decomposed "ș" (s + combining comma) is the same letter.
    expect(await search('Chis\u0326ina\u0306u')).toEqual(['moldova-wine'])
  })

  it('finds an edited story by its new words at once, through the other server too', async () => {
    const owner = await site.apis[0]!.asOwner()
    const [post] = (await site.apis[0]!.get('/api/posts?search=photos')).json().data as { id: number }[]
    const saved = await owner.put(`/api/posts/${post!.id}`, {
      title: 'Photos',
      content: '<p>A funicular up to the Castelo de São Jorge.</p>',
      status: 'published',
    })
    expect(saved.statusCode).toBe(200)
    for (const api of site.apis) {
      expect(slugsOf((await api.get('/api/posts?search=funicular')).json())).toEqual(['markup-only'])
      expect(slugsOf((await api.get('/api/posts?search=jorge')).json())).toEqual(['markup-only'])
    }
  })
})
