import type { FastifyRequest } from 'fastify'
import {
  countryName,
  findPublishedStory,
  publicSiteSettingsOf,
  isCountryCode,
  listPostCards,
  pickBodyPhotos,
  previewTitle,
  type AppDeps,
  type PublicPost,
  type StoryCoordinates,
} from '@wayfarer/api'
import {
  CARD_IMAGE_SIZES,
  FEATURED_IMAGE_SIZES,
  HERO_PHOTO_INPUT,
  HOME_STORIES_INPUT,
  brandTitle,
  notFoundPage,
  postCardsInput,
  pageTitle,
  responsiveSrcset,
  site,
  staticPages,
  type PublicSiteSettings,
  type SiteSettings,
  type StaticPage,
} from '@wayfarer/api/schemas'
import { escapeHtml, type PageHead } from './render-head'
import type { HeadResolver } from '../http/spa'
import { jsonLd, noIndex, socialTags } from './head-tags'
import { absoluteUrl } from './xml'
import { geoMetaTags, placeLd, type GeoPoint } from './geo'
import { tripHead, tripsHead } from './trip-heads'

// Public pages with a fixed head. Gallery and Contact belong to other parts of the app, but their heads live
// here with every other route the server must answer with 200.
const fixedPages: Record<string, StaticPage> = Object.fromEntries(
  Object.values(staticPages)
    .filter((p) => p.path !== '/')
    .map((p) => [p.path, p]),
)

// The SPA's own screens that are not for search engines: served with 200, kept out of indexes.
const privatePage = (path: string): string | null =>
  path === '/login'
    ? pageTitle('Admin Login')
    : path === '/admin' || path.startsWith('/admin/')
      ? pageTitle('Admin')
      : null

/**
 * The server side of SEO: for each public URL, the real <title>, description, canonical URL, Open Graph and
 * Twitter card, and JSON-LD, so crawlers and link previews see the page without running JavaScript. Unknown
 * paths and missing posts get HTTP 404 (the SPA still renders its Page Not Found screen).
 */
export function createHeadResolver(
  deps: AppDeps,
  siteSettings: () => Promise<PublicSiteSettings> = () => publicSiteSettingsOf(deps),
): HeadResolver {
  const { publicUrl } = deps.config
  const resolve = pageHeadResolver(deps)
  return async (request) => {
    const settings = await siteSettings()
    const head = await resolve(request, settings)
    const feed = `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(settings.name)}" href="${escapeHtml(absoluteUrl(publicUrl, '/rss.xml'))}" />`
    return {
      ...head,
      // Titles are written against the default name; the owner's name and tagline go in here, once.
      title: brandTitle(head.title, settings),
      lang: settings.language,
      extraTags: [...head.extraTags, feed],
      // Every page's header and footer show the settings: in the first paint, not after a round trip.
      initialData: [...(head.initialData ?? []), { procedure: 'settings.site', data: settings }],
    }
  }
}

function pageHeadResolver(deps: AppDeps) {
  const { publicUrl } = deps.config
  const card = (page: StaticPage, settings: SiteSettings, image?: { url: string; alt: string }): PageHead => ({
    status: 200,
    title: page.title,
    description: page.path === '/' ? settings.heroText || page.description : page.description,
    extraTags: socialTags({
      type: 'website',
      siteName: settings.name,
      title: brandTitle(page.title, settings),
      description: page.path === '/' ? settings.heroText || page.description : page.description,
      url: absoluteUrl(publicUrl, page.path),
      image: image && absoluteUrl(publicUrl, image.url),
      imageAlt: image?.alt,
    }),
  })

  return async (request: FastifyRequest, settings: SiteSettings): Promise<PageHead> => {
    const raw = (request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1')
    const path = safeDecode(raw)

    if (path === '/') {
      const [stories, hero] = await Promise.all([
        listPostCards(deps, postCardsInput.parse(HOME_STORIES_INPUT)),
        pickBodyPhotos(deps, HERO_PHOTO_INPUT.use, HERO_PHOTO_INPUT.limit),
      ])
      const [latest] = stories.cards
      const head = card(
        staticPages.home,
        settings,
        latest?.featured_image
          ? { url: latest.featured_image, alt: latest.featured_image_alt ?? latest.title }
          : undefined,
      )
      // The hero's picture (the home page's LCP) and the latest stories, so the page paints without asking; the
      // picture fetched at once.
      head.initialData = [
        ...(head.initialData ?? []),
        { procedure: 'gallery.bodyPhotos', input: HERO_PHOTO_INPUT, data: hero },
        { procedure: 'posts.cards', input: HOME_STORIES_INPUT, data: stories },
      ]
      if (hero[0]) head.extraTags.push(imagePreload(hero[0].url, '100vw'))
      head.extraTags.push(
        jsonLd({
          '@type': 'WebSite',
          name: settings.name,
          url: `${publicUrl}/`,
          description: settings.heroText || site.description,
        }),
      )
      return head
    }
    if (path === '/blog') return blogHead(deps, card(staticPages.blog, settings), request.url)
    if (path === '/trips') return tripsHead(deps, imagePreload, settings)
    const tripSlug = /^\/trips\/([^/]+)$/.exec(path)?.[1]
    if (tripSlug) return (await tripHead(deps, tripSlug, imagePreload, settings)) ?? notFound()
    const fixed = fixedPages[path]
    if (fixed) return card(fixed, settings)
    const privateTitle = privatePage(path)
    if (privateTitle) return { status: 200, title: privateTitle, description: site.description, extraTags: [noIndex] }

    const country = /^\/places\/([a-z]{2})$/i.exec(path)?.[1]?.toUpperCase()
    if (country && isCountryCode(country)) {
      const name = countryName(country)
      return card(
        {
          path: `/places/${country.toLowerCase()}`,
          name,
          title: pageTitle(name),
          description: `Stories and photos from ${name}.`,
        },
        settings,
      )
    }

    const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1]
    const previewToken = new URLSearchParams(request.url.split('?')[1] ?? '').get('preview')
    if (slug && previewToken !== null) return previewHead(deps, previewToken)
    const story = slug ? await findPublishedStory(deps, slug) : null
    if (story) return postHead(story.post, story.coordinates, publicUrl, settings)
    return notFound()
  }
}

const notFound = (): PageHead => ({
  status: 404,
  title: notFoundPage.title,
  description: notFoundPage.description,
  extraTags: [noIndex],
})

/** A story's point with the name its page shows ("Annapurna Circuit, Nepal"), if it has one. */
function storyPoint(post: PublicPost, place: StoryCoordinates | null): GeoPoint | null {
  if (!place) return null
  const name = [post.location_name, post.location_city, post.location_country]
    .filter((v, i, all) => v && all.indexOf(v) === i)
    .join(', ')
  return { latitude: place.latitude, longitude: place.longitude, countryCode: place.country_code, name }
}

/**
 * /blog: the first page of story cards (for the category in the URL, read as the web app reads it) for the
 * first paint, and the first card's picture (the page's LCP) fetched at once.
 */
async function blogHead(deps: AppDeps, head: PageHead, url: string): Promise<PageHead> {
  const category = new URLSearchParams(url.split('?')[1] ?? '').get('category')?.trim()
  const input = category && category.length <= 100 ? { category } : {}
  const parsed = postCardsInput.safeParse({ ...input, cursor: 1 })
  if (!parsed.success) return head
  const firstPage = await listPostCards(deps, parsed.data)
  head.initialData = [{ procedure: 'posts.cards', infinite: true, input, data: firstPage }]
  const picture = firstPage.cards[0]?.featured_image
  if (picture) head.extraTags.unshift(imagePreload(picture, CARD_IMAGE_SIZES))
  return head
}

/** A draft preview (/blog/{slug}?preview=…): the owner's page, so noindex and private whatever the token says. */
async function previewHead(deps: AppDeps, token: string): Promise<PageHead> {
  const title = await previewTitle(deps, token)
  return title
    ? {
        status: 200,
        title: pageTitle(`Preview: ${title}`),
        description: site.description,
        extraTags: [noIndex],
        private: true,
      }
    : {
        status: 404,
        title: notFoundPage.title,
        description: notFoundPage.description,
        extraTags: [noIndex],
        private: true,
      }
}

function postHead(
  post: PublicPost,
  place: StoryCoordinates | null,
  publicUrl: string,
  settings: SiteSettings,
): PageHead {
  const point = storyPoint(post, place)
  const title = post.meta_title || brandTitle(pageTitle(post.title), settings)
  const description = post.meta_description || post.excerpt || site.description
  const url = absoluteUrl(publicUrl, `/blog/${encodeURIComponent(post.slug)}`)
  const image = post.featured_image ? absoluteUrl(publicUrl, post.featured_image) : undefined
  const author = `${post.first_name} ${post.last_name}`.trim() || settings.name
  return {
    status: 200,
    title,
    description,
    // The story itself for the web app's first paint, and its picture (the page's LCP) fetched at once.
    initialData: [{ procedure: 'posts.story', input: { slug: post.slug }, data: post }],
    extraTags: [
      ...(post.featured_image ? [imagePreload(post.featured_image)] : []),
      ...socialTags({
        type: 'article',
        siteName: settings.name,
        title,
        description,
        url,
        image,
        imageAlt: post.featured_image_alt ?? post.title,
      }),
      ...(post.published_at ? [`<meta property="article:published_time" content="${post.published_at}" />`] : []),
      ...(point ? geoMetaTags(point) : []),
      jsonLd({
        '@type': 'BlogPosting',
        headline: post.title,
        name: post.title,
        description,
        url,
        mainEntityOfPage: url,
        ...(image ? { image: [image] } : {}),
        ...(post.published_at ? { datePublished: post.published_at } : {}),
        author: { '@type': 'Person', name: author },
        publisher: { '@type': 'Organization', name: settings.name, url: `${publicUrl}/` },
        ...(post.category_name ? { articleSection: post.category_name } : {}),
        ...(post.tags.length ? { keywords: post.tags.map((t) => t.name).join(', ') } : {}),
        ...(point ? { contentLocation: placeLd(point, post.title) } : {}),
      }),
    ],
  }
}

const safeDecode = (path: string): string => {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** A page's main picture fetched at once, the same candidate its img will pick (the same srcset and sizes). */
export function imagePreload(src: string, sizes: string = FEATURED_IMAGE_SIZES): string {
  const srcset = responsiveSrcset(src)
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${sizes}"` : ''
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high" />`
}
