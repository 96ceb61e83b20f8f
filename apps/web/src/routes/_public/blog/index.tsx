import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { BlogScreen } from '../../../features/blog/blog-screen'
import { storyCardsQuery } from '../../../features/blog/queries'
import { settled } from '../../../lib/preload'

const blogSearch = z.object({ category: z.string().trim().min(1).max(100).optional().catch(undefined) })

export const Route = createFileRoute('/_public/blog/')({
  validateSearch: blogSearch,
  loaderDeps: ({ search }) => ({ category: search.category }),
  loader: ({ context: { queryClient }, deps: { category } }) => settled(queryClient.ensureInfiniteQueryData(storyCardsQuery({ category }))),
  component: BlogRoute,
})

function BlogRoute() {
  const { category } = Route.useSearch()
  const navigate = useNavigate({ from: '/blog/' })
  return <BlogScreen category={category} onCategory={(slug) => void navigate({ search: { category: slug } })} />
}
