import { createFileRoute } from '@tanstack/react-router'
import { EditPostScreen } from '../../../features/admin/posts/edit-post-screen'
import { postForEditQuery, revisionsQuery, tagsQuery } from '../../../features/admin/posts/queries'
import { categoriesQuery } from '../../../features/blog/queries'
import { settled } from '../../../lib/preload'

export const Route = createFileRoute('/admin/posts/edit/$id')({
  loader: ({ context: { queryClient }, params }) => {
    const id = Number(params.id)
    return settled(
      // fetchQuery, not ensureQueryData: the form starts from this copy, so an outdated one is fetched again.
      ...(Number.isInteger(id) && id > 0
        ? [queryClient.fetchQuery(postForEditQuery(id)), queryClient.fetchQuery(revisionsQuery(id))]
        : []),
      queryClient.ensureQueryData(categoriesQuery()),
      queryClient.ensureQueryData(tagsQuery()),
    )
  },
  component: EditPost,
})

function EditPost() {
  const { id } = Route.useParams()
  return <EditPostScreen id={Number(id)} />
}
