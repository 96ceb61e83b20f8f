import { createFileRoute } from '@tanstack/react-router'
import { PostForm } from '../../../features/admin/posts/post-form'
import { emptyPostForm } from '../../../features/admin/posts/post-form-state'
import { tagsQuery } from '../../../features/admin/posts/queries'
import { categoriesQuery } from '../../../features/blog/queries'
import { settled } from '../../../lib/preload'
import { useAdminTitle } from '../../../lib/page-meta'

export const Route = createFileRoute('/admin/posts/new')({
  loader: ({ context: { queryClient } }) =>
    settled(queryClient.ensureQueryData(categoriesQuery()), queryClient.ensureQueryData(tagsQuery())),
  component: NewPost,
})

function NewPost() {
  useAdminTitle('New Post')
  return <PostForm initial={emptyPostForm()} />
}
