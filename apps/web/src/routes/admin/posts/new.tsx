import { createFileRoute } from '@tanstack/react-router'
import { PostForm } from '../../../features/posts-admin/post-form'
import { emptyPostForm } from '../../../features/posts-admin/post-form-state'
import { tagsQuery } from '../../../features/posts-admin/queries'
import { categoriesQuery } from '../../../features/blog/queries'
import { settled } from '../../../lib/preload'
import { useAdminTitle } from '../../../lib/page-meta'

export const Route = createFileRoute('/admin/posts/new')({
  loader: ({ context: { queryClient, trpc } }) =>
    settled(queryClient.ensureQueryData(categoriesQuery(trpc)), queryClient.ensureQueryData(tagsQuery(trpc))),
  component: NewPost,
})

function NewPost() {
  useAdminTitle('New Post')
  return <PostForm initial={emptyPostForm()} />
}
