import { createFileRoute } from '@tanstack/react-router'
import { PostForm } from '../../../features/posts-admin/post-form'
import { emptyPostForm } from '../../../features/posts-admin/post-form-state'

export const Route = createFileRoute('/admin/posts/new')({ component: NewPost })

function NewPost() {
  return <PostForm initial={emptyPostForm()} />
}
