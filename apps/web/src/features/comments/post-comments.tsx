import { lazy, Suspense } from 'react'
import { CommentList } from './comment-list'

// Below the story and its comments: its code (the form, the mutation) loads after the story's first view.
const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })))

/** The Post page's comments: the approved list, then the form for a new one (reviewed before publication). */
export function PostComments({ postId }: { postId: number }) {
  return (
    <section aria-labelledby="comments-heading" className="relative mt-12 space-y-8 border-t border-gray-200 pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold text-gray-900">
        Comments
      </h2>
      <CommentList postId={postId} />
      <Suspense fallback={null}>
        <CommentForm postId={postId} />
      </Suspense>
    </section>
  )
}
