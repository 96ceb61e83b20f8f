import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BlogScreen } from '../../../features/blog/blog-screen'
import { storyCardsQuery } from '../../../features/blog/queries'
import { settled } from '../../../lib/preload'
import { optionalText, z } from '../../../lib/search-params'

const blogSearch = z.object({ category: optionalText(100) })

export const Route = createFileRoute('/_public/blog/')({
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ category: search.category }),
  loader: ({ context: { queryClient }, deps: { category } }) =>
    settled(queryClient.ensureInfiniteQueryData(storyCardsQuery({ category }))),
  component: BlogRoute,
})

function BlogRoute() {
  const { category } = Route.useSearch()
  const navigate = useNavigate({ from: '/blog/' })
  return <BlogScreen category={category} onCategory={(slug) => void navigate({ search: { category: slug } })} />
}
