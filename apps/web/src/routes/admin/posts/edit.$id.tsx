import { createFileRoute } from '@tanstack/react-router'
import { EditPostScreen } from '../../../features/posts-admin/edit-post-screen'

export const Route = createFileRoute('/admin/posts/edit/$id')({ component: EditPost })

function EditPost() {
  const { id } = Route.useParams()
  return <EditPostScreen id={Number(id)} />
}
