import { useEffect } from 'react'
import { Card, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import { useAdminTitle } from '../../../lib/page-meta'
import { postForEditQuery } from './queries'
import { PostForm } from './post-form'
import { formFromPost } from './post-form-state'

/** SPEC.md §2 Edit post: a skeleton while fetching, 'Failed to load post' when it cannot be loaded. */
export function EditPostScreen({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const post = useQuery({ ...postForEditQuery(id), enabled: valid })
  const failed = !valid || post.isError
  useAdminTitle(post.data ? `Edit “${post.data.title}”` : 'Edit Post')

  useEffect(() => {
    if (failed) window.alert(messages.posts.postLoadFailed)
  }, [failed])

  if (failed) return <p className="text-gray-600">{messages.posts.postLoadFailed}</p>
  if (!post.data) {
    return (
      <div className="space-y-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Card className="space-y-4 p-6">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-20 w-full" />
        </Card>
      </div>
    )
  }
  return (
    <PostForm
      key={post.data.id}
      post={{ id: post.data.id, status: post.data.status, publishedAt: post.data.published_at }}
      initial={formFromPost(post.data)}
    />
  )
}
