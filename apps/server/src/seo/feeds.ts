import type { FastifyInstance } from 'fastify'
import { latestPublishedPosts, placesCountries, publishedPostDates, type AppDeps } from '@wayfarer/api'
import { site, staticPages } from '@wayfarer/api/schemas'
import { absoluteUrl, escapeXml } from './xml'

/** How many of the newest published posts the RSS feed carries. */
export const RSS_ITEMS = 20

/** /sitemap.xml (home, static pages, every country visited, every published post with lastmod), /rss.xml (RSS 2.0), /robots.txt. */
export function registerFeeds(app: FastifyInstance, deps: AppDeps): void {
  const { publicUrl } = deps.config

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /login\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  )

  app.get('/sitemap.xml', async (_request, reply) => {
    const [posts, places] = await Promise.all([publishedPostDates(deps), placesCountries(deps)])
    const urls = [
      ...Object.values(staticPages).map((p) => `  <url><loc>${escapeXml(absoluteUrl(publicUrl, p.path))}</loc></url>`),
      ...places.countries.map(
        (c) => `  <url><loc>${escapeXml(absoluteUrl(publicUrl, `/places/${c.code.toLowerCase()}`))}</loc></url>`,
      ),
      ...posts.map(
        (p) =>
          `  <url><loc>${escapeXml(absoluteUrl(publicUrl, `/blog/${encodeURIComponent(p.slug)}`))}</loc><lastmod>${p.updated_at}</lastmod></url>`,
      ),
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
    const items = posts.map((p) => {
      const link = escapeXml(absoluteUrl(publicUrl, `/blog/${encodeURIComponent(p.slug)}`))
      return [
        '    <item>',
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <description>${escapeXml(p.excerpt)}</description>`,
        ...(p.published_at ? [`      <pubDate>${new Date(p.published_at).toUTCString()}</pubDate>`] : []),
        ...(p.category_name ? [`      <category>${escapeXml(p.category_name)}</category>`] : []),
        '    </item>',
      ].join('\n')
    })
    const lastBuild = posts[0]?.published_at ? new Date(posts[0].published_at) : deps.now()
    const channel = [
      `    <title>${escapeXml(`${site.name} — ${site.tagline}`)}</title>`,
      `    <link>${escapeXml(`${publicUrl}/`)}</link>`,
      `    <description>${escapeXml(site.description)}</description>`,
      '    <language>en</language>',
      `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
      `    <atom:link href="${escapeXml(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ]
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n${[...channel, ...items].join('\n')}\n  </channel>\n</rss>\n`,
      )
  })
}
