import { createFileRoute } from '@tanstack/react-router'
import { PostScreen } from '../../../features/post/post-screen'

export const Route = createFileRoute('/_public/blog/$slug')({
  component: function PostRoute() {
    const { slug } = Route.useParams()
    return <PostScreen key={slug} slug={slug} />
  },
})
