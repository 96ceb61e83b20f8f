import { CommentForm } from './comment-form'
import { CommentList } from './comment-list'

/** The Post page's comments: the approved list, then the form for a new one (reviewed before publication). */
export function PostComments({ postId }: { postId: number }) {
  return (
    <section aria-labelledby="comments-heading" className="relative mt-12 space-y-8 border-t border-gray-200 pt-10">
      <h2 id="comments-heading" className="text-2xl font-bold text-gray-900">
        Comments
      </h2>
      <CommentList postId={postId} />
      <CommentForm postId={postId} />
    </section>
  )
}
