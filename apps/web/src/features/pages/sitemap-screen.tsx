import { Link } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { useQuery } from '@tanstack/react-query'
import { trpcUtils } from '../../lib/trpc'
import { storiesQuery } from '../blog/queries'
import { usePageMeta } from '../../lib/page-meta'

/** The human-readable sitemap (footer link); crawlers read /sitemap.xml. */
export function SitemapScreen() {
  usePageMeta(staticPages.sitemap.title, staticPages.sitemap.description)
  const posts = useQuery(storiesQuery(trpcUtils, {}))
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
          {posts.data?.posts.map((p) => (
            <li key={p.id}>
              <Link to="/blog/$slug" params={{ slug: p.slug }} className="text-teal-700 hover:underline">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
