import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { z } from 'zod'
import { postBySlugInput, publicPost } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

const publicUrl = 'https://travels.example.com'
/** The embedded block as the web app reads it (InitialQuery), checked field by field with the story's schemas. */
const initialQueries = z.array(
  z.object({ procedure: z.literal('posts.story'), input: postBySlugInput, data: publicPost }),
)
/** The page's own answers: every page's block ends with the site settings (site-settings.int.test.ts checks those). */
const pageQueries = (block: unknown): unknown[] => {
  const queries = block as { procedure: string }[]
  expect(queries.at(-1)?.procedure).toBe('settings.site')
  return queries.slice(0, -1)
}
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    // A stand-in for apps/web's build: index.html with its head marker, and the build manifest's part the server
    // reads (the entry's chunks are in index.html already, a page's own are not).
    appShell: {
      'index.html':
        '<!doctype html><html><head><meta charset="UTF-8" /><title>Placeholder</title>\n<!--app-head-->\n</head><body><div id="root"></div></body></html>',
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        '_story.js': { file: 'assets/story-1.js', imports: ['_shared.js'] },
        'src/routes/_public.tsx?tsr-split=component': { file: 'assets/layout-1.js', imports: ['_shared.js'] },
        'src/routes/_public/blog/$slug.tsx?tsr-split=component': { file: 'assets/slug-1.js', imports: ['_story.js'] },
        'src/routes/_public/blog/index.tsx?tsr-split=component': { file: 'assets/blog-1.js', imports: ['_shared.js'] },
      }),
    },
    config: { publicUrl },
  })
  await createReadingFixtures(server.database.prisma, [
    {
      slug: 'annapurna-circuit',
      title: 'Ten Days on the Annapurna Circuit',
      category: 'adventure',
      daysAgo: 1,
      tags: ['Hiking'],
      excerpt: 'Teahouses & high passes.',
      featuredImage: '/media/gallery/annapurna.webp',
    },
    {
      slug: 'el-nido',
      title: 'Island Hopping in <El Nido>',
      category: 'beach',
      daysAgo: 2,
      featuredImage: 'https://cdn.example.com/el-nido.jpg',
    },
    { slug: 'secret-draft', title: 'Secret Draft', status: 'draft' },
    { slug: 'old-archived', title: 'Old Archived', status: 'archived' },
  ])
  // Countries for the places pages in the sitemap (a draft's country is no place visited).
  const countries: [string, string][] = [
    ['annapurna-circuit', 'NP'],
    ['el-nido', 'PH'],
    ['secret-draft', 'FR'],
  ]
  for (const [slug, countryCode] of countries)
    await server.database.prisma.post.update({ where: { slug }, data: { countryCode } })
})
afterAll(() => server.close())

const metaContent = (html: string, attribute: string, key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]
const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined
}

describe('served HTML of a post', () => {
  it('names the post in <title>, og:title, og:image, twitter card and JSON-LD BlogPosting', async () => {
    const res = await server.api.get('/blog/annapurna-circuit')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const html = res.body
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Ten Days on the Annapurna Circuit | meta</title>')
    expect(metaContent(html, 'name', 'description')).toBe('Teahouses &amp; high passes.')
    expect(metaContent(html, 'property', 'og:title')).toBe('Ten Days on the Annapurna Circuit | meta')
    expect(metaContent(html, 'property', 'og:type')).toBe('article')
    expect(metaContent(html, 'property', 'og:image')).toBe(`${publicUrl}/media/gallery/annapurna.webp`)
    expect(metaContent(html, 'property', 'og:url')).toBe(`${publicUrl}/blog/annapurna-circuit`)
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${publicUrl}/media/gallery/annapurna.webp`)
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/blog/annapurna-circuit" />`)
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Ten Days on the Annapurna Circuit',
      image: [`${publicUrl}/media/gallery/annapurna.webp`],
      author: { '@type': 'Person', name: 'Ada Walker' },
      url: `${publicUrl}/blog/annapurna-circuit`,
      keywords: 'Hiking',
    })
  })

  it("does not count the crawler's request as a view", async () => {
    await server.api.get('/blog/el-nido')
    const post = await server.database.prisma.post.findUniqueOrThrow({
      where: { slug: 'el-nido' },
      include: { views: true },
    })
    expect(post.views?.count ?? 0).toBe(0)
  })

  it('escapes markup in titles and keeps absolute image URLs', async () => {
    const html = (await server.api.get('/blog/el-nido')).body
    expect(html).not.toContain('<El Nido>')
    expect(metaContent(html, 'property', 'og:title')).toBe('Island Hopping in &lt;El Nido&gt; | meta')
    expect(metaContent(html, 'property', 'og:image')).toBe('https://cdn.example.com/el-nido.jpg')
    expect(jsonLdOf(html)).toMatchObject({ headline: 'Island Hopping in <El Nido>' })
    expect(html).toContain('\\u003cEl Nido>')
  })

  it('carries the story for the first paint (a data block no markup can close) and preloads its picture', async () => {
    const res = await server.api.get('/blog/el-nido')
    const block = /<script type="application\/json" id="wayfarer-initial-data">(.*?)<\/script>/s.exec(res.body)?.[1]
    expect(block).not.toContain('<')
    const [query] = initialQueries.parse(pageQueries(JSON.parse(block!)))
    const story = await server.api.get(
      `/trpc/posts.story?input=${encodeURIComponent(JSON.stringify({ slug: 'el-nido' }))}`,
    )
    expect(query).toEqual({ procedure: 'posts.story', input: { slug: 'el-nido' }, data: story.json().result.data })
    expect(query!.data.title).toBe('Island Hopping in <El Nido>')
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="https://cdn.example.com/el-nido.jpg" fetchpriority="high" />',
    )
    // A picture of this site's own store is preloaded as the srcset candidate the page will pick, not the original.
    const stored = /<link rel="preload" as="image"[^>]*>/.exec(
      (await server.api.get('/blog/annapurna-circuit')).body,
    )?.[0]
    expect(stored).toContain('href="/media/gallery/annapurna.webp"')
    expect(stored).toContain(
      'imagesrcset="/media/w/400/gallery/annapurna.webp 400w, /media/w/800/gallery/annapurna.webp 800w,',
    )
    expect(stored).toContain('imagesizes="(min-width: 768px) 768px, 100vw"')
    // The CSP names the block's hash like every inline script of the page, so nothing is refused.
    expect(res.headers['content-security-policy']).toContain(
      `'sha256-${createHash('sha256').update(block!).digest('base64')}'`,
    )
    const about = /<script type="application\/json" id="wayfarer-initial-data">(.*?)<\/script>/s.exec(
      (await server.api.get('/about')).body,
    )?.[1]
    expect(pageQueries(JSON.parse(about!))).toEqual([])
  })

  it("carries the home page's hero picture (its LCP) and latest stories for the first paint, the picture preloaded at the hero's size", async () => {
    const blockOf = (html: string) =>
      pageQueries(
        JSON.parse(
          /<script type="application\/json" id="wayfarer-initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
        ),
      )
    const trpcAnswer = async (procedure: string, input: unknown) =>
      (await server.api.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)).json().result
        .data as unknown
    // No published photo: the block says so (the page shows its bundled picture at once) and nothing is preloaded.
    const empty = (await server.api.get('/')).body
    expect(blockOf(empty)[0]).toEqual({ procedure: 'gallery.bodyPhotos', input: { use: 'hero', limit: 1 }, data: [] })
    expect(empty).not.toContain('rel="preload" as="image"')
    // The stories are exactly what the page would ask for: cards (no bodies), the 6 newest.
    const stories = blockOf(empty)[1] as {
      procedure: string
      input: unknown
      data: { cards: { slug: string; content?: string }[] }
    }
    expect(stories).toEqual({
      procedure: 'posts.cards',
      input: { limit: 6 },
      data: await trpcAnswer('posts.cards', { limit: 6 }),
    })
    expect(stories.data.cards.length).toBeGreaterThan(0)
    expect(stories.data.cards[0]).not.toHaveProperty('content')
    await server.database.prisma.galleryImage.createMany({
      data: [
        { publicId: 'wayfarer/dunes', url: '/media/gallery/dunes.webp', title: 'Dunes at dawn', tags: ['hero'] },
        { publicId: 'wayfarer/market', url: '/media/gallery/market.webp', title: 'Market day', tags: [] },
      ],
    })
    const html = (await server.api.get('/')).body
    const heroAnswer = await trpcAnswer('gallery.bodyPhotos', { use: 'hero', limit: 1 })
    expect(blockOf(html)[0]).toEqual({
      procedure: 'gallery.bodyPhotos',
      input: { use: 'hero', limit: 1 },
      data: heroAnswer,
    })
    expect(heroAnswer).toEqual([{ url: '/media/gallery/dunes.webp', title: 'Dunes at dawn' }])
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0]
    expect(preload).toContain('href="/media/gallery/dunes.webp"')
    expect(preload).toContain('imagesrcset="/media/w/400/gallery/dunes.webp 400w,')
    expect(preload).toContain('imagesizes="100vw" fetchpriority="high"')
  })

  it("carries /blog's first page of cards (for the URL's category) and preloads the first card's picture", async () => {
    const blockOf = (html: string) =>
      pageQueries(
        JSON.parse(
          /<script type="application\/json" id="wayfarer-initial-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
        ),
      )
    const firstPage = async (input: Record<string, unknown>) =>
      (
        await server.api.get(`/trpc/posts.cards?input=${encodeURIComponent(JSON.stringify({ ...input, cursor: 1 }))}`)
      ).json().result.data as { cards: { slug: string }[] }
    const all = (await server.api.get('/blog')).body
    expect(blockOf(all)).toEqual([{ procedure: 'posts.cards', infinite: true, input: {}, data: await firstPage({}) }])
    expect((await firstPage({})).cards.map((c) => c.slug)).toEqual(['annapurna-circuit', 'el-nido'])
    expect(/<link rel="preload" as="image"[^>]*>/.exec(all)?.[0]).toContain('href="/media/gallery/annapurna.webp"')
    const beach = (await server.api.get('/blog?category=%20beach-destinations%20')).body
    expect(blockOf(beach)).toEqual([
      {
        procedure: 'posts.cards',
        infinite: true,
        input: { category: 'beach-destinations' },
        data: await firstPage({ category: 'beach-destinations' }),
      },
    ])
    expect(/<link rel="preload" as="image"[^>]*>/.exec(beach)?.[0]).toContain(
      'href="https://cdn.example.com/el-nido.jpg"',
    )
    // A category the schema refuses (a control character) gets the page without the cards, never an error.
    const odd = await server.api.get('/blog?category=a%00b')
    expect([odd.statusCode, blockOf(odd.body)]).toEqual([200, []])
  })

  it("names the page's own code after the entry's, so a phone fetches it with the entry and not after it", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort()
    const story = (await server.api.get('/blog/annapurna-circuit')).body
    expect(preloads(story)).toEqual(['/assets/layout-1.js', '/assets/slug-1.js', '/assets/story-1.js'])
    expect(story.indexOf('modulepreload')).toBeGreaterThan(story.indexOf('</script>'))
    expect(preloads((await server.api.get('/blog/')).body)).toEqual(['/assets/blog-1.js', '/assets/layout-1.js'])
    // A page that is not there, and a route without a chunk of its own in the build, name nothing.
    expect(preloads((await server.api.get('/blog/nope')).body)).toEqual([])
    expect(preloads((await server.api.get('/about')).body)).toEqual([])
  })

  it("keeps a '$' in a title as text (not a replacement pattern that pulls the page's template in)", async () => {
    const { prisma } = server.database
    const author = await prisma.user.findFirstOrThrow()
    const title = "Save $' and $& on trains"
    await prisma.post.create({
      data: {
        slug: 'dollar-signs',
        title,
        content: '<p>Cheap.</p>',
        status: 'published',
        publishedAt: new Date(),
        authorId: author.id,
      },
    })
    const html = (await server.api.get('/blog/dollar-signs')).body
    expect(html).toContain('<title>Save $&#39; and $&amp; on trains')
    expect(html).not.toContain('<!--app-head-->')
    await prisma.post.delete({ where: { slug: 'dollar-signs' } })
  })

  it('gives a reader with JavaScript off the story itself and the ways in that need no script', async () => {
    const html = (await server.api.get('/blog/annapurna-circuit')).body
    const noscript = /<div id="root"><\/div><noscript>(.*)<\/noscript>/s.exec(html)?.[1]
    expect(noscript).toContain('<p>Ten Days on the Annapurna Circuit</p>')
    expect(noscript).toContain('href="/rss.xml"')
    // Nothing in a story may end the block early (inside it, markup is raw text until "</noscript").
    const { prisma } = server.database
    const author = await prisma.user.findFirstOrThrow()
    await prisma.post.create({
      data: {
        slug: 'noscript-escape',
        title: 'Escape',
        content: '<p><a href="https://example.com/" title="</noscript><img src=x onerror=alert(1)>">x</a></p>',
        status: 'published',
        publishedAt: new Date(),
        authorId: author.id,
      },
    })
    const escaped = (await server.api.get('/blog/noscript-escape')).body
    expect(escaped.match(/<\/noscript/gi)).toHaveLength(1)
    await prisma.post.delete({ where: { slug: 'noscript-escape' } })
  })

  it('answers missing, draft and archived posts with 404 and the not-found head', async () => {
    for (const url of ['/blog/nope', '/blog/secret-draft', '/blog/old-archived', '/nope', '/blog/a/b', '/about/x']) {
      const res = await server.api.get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('<title>Page Not Found | Wayfarer</title>')
      expect(res.body, url).toContain('<div id="root"></div>')
      expect(res.body).toContain('<meta name="robots" content="noindex" />')
    }
  })
})

describe('served HTML of the other routes', () => {
  it('gives the home page its title, the latest featured image and JSON-LD WebSite', async () => {
    const res = await server.api.get('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Wayfarer — Travel Blog</title>')
    expect(metaContent(res.body, 'property', 'og:image')).toBe(`${publicUrl}/media/gallery/annapurna.webp`)
    expect(jsonLdOf(res.body)).toMatchObject({ '@type': 'WebSite', name: 'Wayfarer', url: `${publicUrl}/` })
  })

  it.each([
    ['/blog', 'Blog | Wayfarer'],
    ['/blog/', 'Blog | Wayfarer'],
    ['/blog?category=tech', 'Blog | Wayfarer'],
    ['/gallery', 'Gallery | Wayfarer'],
    ['/about', 'About | Wayfarer'],
    ['/contact', 'Contact | Wayfarer'],
    ['/privacy', 'Privacy Policy | Wayfarer'],
    ['/terms', 'Terms of Use | Wayfarer'],
    ['/sitemap', 'Sitemap | Wayfarer'],
    ['/map', 'Map | Wayfarer'],
    ['/places', 'Places | Wayfarer'],
    ['/places/np', 'Nepal | Wayfarer'],
  ])('%s is served with 200 and its own title and canonical URL', async (url, title) => {
    const res = await server.api.get(url)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<title>${title}</title>`)
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1]
    expect(canonical).toBe(`${publicUrl}${url.split('?')[0]!.replace(/\/$/, '')}`)
  })

  it.each(['/places/zz', '/places/nepal', '/places/np/more'])('%s is no country page: 404', async (url) => {
    expect((await server.api.get(url)).statusCode).toBe(404)
  })

  it.each(['/login', '/admin', '/admin/posts', '/admin/posts/edit/3', '/admin/comments'])(
    '%s is an app screen: 200, not indexed',
    async (url) => {
      const res = await server.api.get(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<meta name="robots" content="noindex" />')
    },
  )
})

describe('feeds', () => {
  it('/sitemap.xml is valid XML listing the pages and published posts only, with lastmod', async () => {
    const res = await server.api.get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(XMLValidator.validate(res.body)).toBe(true)
    const urls = new XMLParser().parse(res.body).urlset.url as { loc: string; lastmod?: string }[]
    const locs = urls.map((u) => u.loc)
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/blog`,
        `${publicUrl}/about`,
        `${publicUrl}/gallery`,
        `${publicUrl}/contact`,
        `${publicUrl}/map`,
        `${publicUrl}/places`,
      ]),
    )
    // Every country visited has its page (the fixtures' stories are in Nepal and the Philippines).
    expect(locs).toEqual(expect.arrayContaining([`${publicUrl}/places/np`, `${publicUrl}/places/ph`]))
    expect(locs.filter((l) => l.includes('/places/')).sort()).toEqual(
      (await server.api.get('/api/places/countries'))
        .json()
        .data.countries.map((c: { code: string }) => `${publicUrl}/places/${c.code.toLowerCase()}`)
        .sort(),
    )
    const posts = urls.filter((u) => u.loc.includes('/blog/'))
    expect(posts.map((u) => u.loc)).toEqual([`${publicUrl}/blog/annapurna-circuit`, `${publicUrl}/blog/el-nido`])
    for (const p of posts) expect(new Date(p.lastmod!).toISOString()).toBe(p.lastmod)
  })

  it('/rss.xml is valid RSS 2.0 with the published posts only, newest first', async () => {
    const res = await server.api.get('/rss.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/)
    expect(XMLValidator.validate(res.body)).toBe(true)
    const rss = new XMLParser({ ignoreAttributes: false }).parse(res.body).rss
    expect(rss['@_version']).toBe('2.0')
    expect(rss.channel).toMatchObject({
      title: 'Wayfarer — Travel Blog',
      link: `${publicUrl}/`,
      description: expect.any(String),
    })
    const items = rss.channel.item as { title: string; link: string; pubDate: string; guid: { '#text': string } }[]
    expect(items.map((i) => i.title)).toEqual(['Ten Days on the Annapurna Circuit', 'Island Hopping in <El Nido>'])
    expect(items[0]).toMatchObject({
      link: `${publicUrl}/blog/annapurna-circuit`,
      guid: { '#text': `${publicUrl}/blog/annapurna-circuit` },
    })
    expect(Number.isNaN(Date.parse(items[0]!.pubDate))).toBe(false)
  })

  it('/rss.xml carries at most the latest 20 posts', async () => {
    const { prisma } = server.database
    const author = await prisma.user.findFirstOrThrow()
    await prisma.post.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        slug: `bulk-${i}`,
        title: `Bulk ${i}`,
        status: 'published' as const,
        authorId: author.id,
        publishedAt: new Date(Date.now() - (10 + i) * 86_400_000),
      })),
    })
    const items = new XMLParser().parse((await server.api.get('/rss.xml')).body).rss.channel.item as { title: string }[]
    expect(items).toHaveLength(20)
    expect(items[0]!.title).toBe('Ten Days on the Annapurna Circuit')
    await prisma.post.deleteMany({ where: { slug: { startsWith: 'bulk-' } } })
  })

  it('/robots.txt points at the sitemap and keeps admin out', async () => {
    const res = await server.api.get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
    expect(res.body).toContain('Disallow: /admin')
  })
})
