import { Link } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { useInfiniteQuery } from '@tanstack/react-query'
import { LoadMore } from '@wayfarer/ui'
import { storyCardsQuery } from '../blog/queries'
import { usePageMeta } from '../../lib/page-meta'

/**
 * The human-readable sitemap (footer link); crawlers read /sitemap.xml. The stories come a page of cards at a
 * time (the blog list's own query), so 10,000 stories cost no more than 12 until asked for.
 */
export function SitemapScreen() {
  usePageMeta(staticPages.sitemap.title, staticPages.sitemap.description)
  const stories = useInfiniteQuery(storyCardsQuery({}))
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">Sitemap</h1>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">Pages</h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {Object.values(staticPages).map((p) => (
            <li key={p.path}>
              <Link to={p.path} className="text-teal-700 hover:underline">
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-8">
        <h2 className="text-xl font-semibold">Stories</h2>
        <ul className="mt-3 list-disc space-y-1 pl-6" data-testid="sitemap-posts">
          {stories.data?.pages
            .flatMap((page) => page.cards)
            .map((p) => (
              <li key={p.id}>
                <Link to="/blog/$slug" params={{ slug: p.slug }} className="text-teal-700 hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
        </ul>
        <LoadMore pages={stories} label="More stories" className="mt-4" />
      </section>
    </div>
  )
}
