import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  datesOf,
  findPublishedTrip,
  getSiteSettings,
  latestPublishedPosts,
  listTrips,
  momentOf,
  placesCountries,
  publishedPostDates,
  publishedStoriesOf,
  storyDayOf,
  storyPlacesBySlug,
  type AppDeps,
} from '@wayfarer/api'
import { brandTitle, pageTitle, site, staticPages, tripSlugInput, tripsPage } from '@wayfarer/api/schemas'
import { absoluteUrl, escapeXml } from './xml'
import { GEORSS_NAMESPACE, georssPoint } from './geo'

/** How many of the newest published posts the RSS feed carries. */
export const RSS_ITEMS = 20
/** A trip's feed carries its newest stories (a long trip's first days drop off, as in any feed). */
export const TRIP_RSS_ITEMS = 50

interface FeedItem {
  title: string
  slug: string
  excerpt: string
  published_at: string | null
  category?: string | null
  point?: { latitude: number; longitude: number } | null
}

/** An RSS 2.0 document with GeoRSS points on the items that have one. */
function rss(
  channel: { title: string; link: string; self: string; description: string },
  items: FeedItem[],
  publicUrl: string,
  now: Date,
): string {
  const lastBuild = items[0]?.published_at ? new Date(items[0].published_at) : now
  const lines = [
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml" />`,
    ...items.map((p) => {
      const link = escapeXml(absoluteUrl(publicUrl, `/blog/${encodeURIComponent(p.slug)}`))
      return [
        '    <item>',
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <description>${escapeXml(p.excerpt)}</description>`,
        ...(p.published_at ? [`      <pubDate>${new Date(p.published_at).toUTCString()}</pubDate>`] : []),
        ...(p.category ? [`      <category>${escapeXml(p.category)}</category>`] : []),
        ...(p.point ? [`      ${georssPoint(p.point)}`] : []),
        '    </item>',
      ].join('\n')
    }),
  ]
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:georss="${GEORSS_NAMESPACE}">\n` +
    `  <channel>\n${lines.join('\n')}\n  </channel>\n</rss>\n`
  )
}

const pointOf = (p: { latitude: number | null; longitude: number | null } | undefined) =>
  p && p.latitude !== null && p.longitude !== null ? { latitude: p.latitude, longitude: p.longitude } : null

/**
 * /sitemap.xml (home, static pages, trips, every country visited, every published post with lastmod), /rss.xml
 * and /trips/{slug}/rss.xml (RSS 2.0 with GeoRSS points), /robots.txt.
 */
export function registerFeeds(app: FastifyInstance, deps: AppDeps): void {
  const { publicUrl } = deps.config
  const sendRss = (reply: FastifyReply, body: string) =>
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body)

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /login\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  )

  app.get('/sitemap.xml', async (_request, reply) => {
    const [posts, places, trips] = await Promise.all([publishedPostDates(deps), placesCountries(deps), listTrips(deps)])
    const loc = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(absoluteUrl(publicUrl, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
    const urls = [
      ...Object.values(staticPages).map((p) => loc(p.path)),
      loc(tripsPage.path),
      ...trips.trips.map((t) => loc(`/trips/${encodeURIComponent(t.slug)}`)),
      ...places.countries.map((c) => loc(`/places/${c.code.toLowerCase()}`)),
      ...posts.map((p) => loc(`/blog/${encodeURIComponent(p.slug)}`, p.updated_at)),
    ]
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      )
  })

  app.get('/rss.xml', async (_request, reply) => {
    const posts = await latestPublishedPosts(deps, RSS_ITEMS)
    const places = await storyPlacesBySlug(
      deps,
      posts.map((p) => p.slug),
    )
    const items = posts.map((p) => ({ ...p, category: p.category_name, point: pointOf(places.get(p.slug)) }))
    const settings = await getSiteSettings(deps)
    const channel = {
      title: brandTitle(pageTitle(), settings),
      link: `${publicUrl}/`,
      self: `${publicUrl}/rss.xml`,
      description: settings.heroText || site.description,
    }
    return sendRss(reply, rss(channel, items, publicUrl, deps.now()))
  })

  // One journey's feed, newest story first: a feed reader shows the newest items anyway, and a bounded feed must
  // keep the latest days, not the first ones. Each title says the day.
  app.get<{ Params: { slug: string } }>('/trips/:slug/rss.xml', async (request, reply) => {
    const slug = request.params.slug
    const trip = tripSlugInput.safeParse({ slug }).success ? await findPublishedTrip(deps, slug) : null
    if (!trip) return reply.callNotFound()
    const dates = datesOf(trip)
    const stories = (await publishedStoriesOf(deps.prisma, [trip.id]))
      .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.id - a.id)
      .slice(0, TRIP_RSS_ITEMS)
    const items = stories.map((s) => ({
      title: `Day ${storyDayOf(momentOf(s)!, dates)}: ${s.title}`,
      slug: s.slug,
      excerpt: s.excerpt,
      published_at: s.publishedAt?.toISOString() ?? null,
      category: s.category?.name,
      point: pointOf(s),
    }))
    const url = absoluteUrl(publicUrl, `/trips/${encodeURIComponent(trip.slug)}`)
    const { name } = await getSiteSettings(deps)
    const channel = {
      title: `${trip.title} — ${name}`,
      link: url,
      self: `${url}/rss.xml`,
      description: trip.summary || `${trip.title}, day by day.`,
    }
    return sendRss(reply, rss(channel, items, publicUrl, deps.now()))
  })
}
