import { useState } from 'react'
import { Card, QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { useQuery } from '@tanstack/react-query'
import { useAdminTitle } from '../../../lib/page-meta'
import { postForEditQuery } from './queries'
import { PostForm } from './post-form'
import { formFromPost } from './post-form-state'
import { useRevisionRestore } from './use-revision-restore'

/** Edit post: a skeleton while fetching, 'Failed to load post' (with a retry) when it cannot be loaded. */
export function EditPostScreen({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const post = useQuery({ ...postForEditQuery(id), enabled: valid })
  // A restored version rebuilds the form from the post as saved (the editor's content is its initial value).
  const [generation, setGeneration] = useState(0)
  const history = useRevisionRestore(id, async () => {
    await post.refetch()
    setGeneration((g) => g + 1)
  })
  useAdminTitle(post.data ? `Edit “${post.data.title}”` : 'Edit Post')
  if (!valid)
    return (
      <p role="alert" className="text-gray-600">
        {messages.posts.postLoadFailed}
      </p>
    )
  return (
    <QueryView
      query={post}
      loading={
        <div className="space-y-6" aria-busy="true">
          <Skeleton className="h-8 w-64" />
          <Card className="space-y-4 p-6">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-20 w-full" />
          </Card>
        </div>
      }
      failed={messages.posts.postLoadFailed}
      failedClassName="py-12 text-gray-600"
    >
      {(loaded) => (
        <PostForm
          key={`${loaded.id}-${generation}`}
          post={{ id: loaded.id, status: loaded.status, publishedAt: loaded.published_at }}
          initial={formFromPost(loaded)}
          history={history}
        />
      )}
    </QueryView>
  )
}
