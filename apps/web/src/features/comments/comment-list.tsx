import { formatDate } from '../../lib/dates'
import { useInfiniteQuery } from '@tanstack/react-query'
import { LoadMore, QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import type { PublicComment } from '@wayfarer/api/schemas'
import { postCommentsQuery } from './queries'

/** A story's approved comments, newest first, 20 at a time behind 'Load More Comments'. */
export function CommentList({ postId }: { postId: number }) {
  const query = useInfiniteQuery(postCommentsQuery(postId))

  return (
    <QueryView
      query={query}
      loading={<Skeleton layout="space-y-4" count={3} className="h-20 w-full" />}
      failed={messages.comment.loadFailed}
      failedClassName="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
      isEmpty={({ pages }) => pages.every((page) => page.comments.length === 0)}
      empty={<p className="text-gray-600">{messages.comment.none}</p>}
    >
      {({ pages }) => (
        <div>
          <ol className="space-y-4" aria-label="Comments">
            {pages
              .flatMap((page) => page.comments)
              .map((comment) => (
                <CommentItem key={comment.id} comment={comment} />
              ))}
          </ol>
          <LoadMore pages={query} label="Load More Comments" className="mt-6 text-center" />
        </div>
      )}
    </QueryView>
  )
}

function CommentItem({ comment }: { comment: PublicComment }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-5" data-testid="comment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {comment.author_website ? (
          // Visitors' links earn no search ranking and get no access to this page.
          <a
            href={comment.author_website}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="font-semibold text-teal-800 hover:underline"
          >
            {comment.author_name}
          </a>
        ) : (
          <span className="font-semibold text-gray-900">{comment.author_name}</span>
        )}
        <time dateTime={comment.created_at} className="text-sm text-gray-500">
          {formatDate(comment.created_at)}
        </time>
      </div>
      {/* Rendered as text: whatever markup a visitor typed shows as the characters they typed. */}
      <p className="mt-2 break-words whitespace-pre-line text-gray-700">{comment.content}</p>
    </li>
  )
}
