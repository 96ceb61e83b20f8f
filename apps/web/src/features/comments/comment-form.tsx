import { useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Card } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { COMMENT_COUNTER_LIMIT, COMMENT_MIN_LENGTH, HONEYPOT_FIELD, submitCommentInput } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { postCommentsKey } from './comment-list'
import { errorText } from './submit-error'

const fieldClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20 focus:outline-none'

/** SPEC §4 comment form: editing → submitting → thank-you card (or an error), then back to editing. */
export function CommentForm({ postId }: { postId: number }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const [content, setContent] = useState('')
  const [honeypot, setHoneypot] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)

  const submit = trpc.comments.submit.useMutation({
    onSuccess: async () => {
      setSubmitted(true)
      setContent('')
      await queryClient.invalidateQueries({ queryKey: postCommentsKey(postId) })
    },
    onError: (e) => setError(errorText(e, messages.comment.submitFailed)),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    const input = {
      post_id: postId,
      author_name: name,
      author_email: email,
      author_website: website,
      content,
      [HONEYPOT_FIELD]: honeypot,
    }
    // The same schema the server applies, so the visitor reads the same message without a round trip.
    const parsed = submitCommentInput.safeParse(input)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.comment.submitFailed)
    submit.mutate(input)
  }

  if (submitted) {
    return (
      <Card className="border-teal-200 bg-teal-50 p-6 text-center" role="status">
        <p className="text-teal-900">{messages.comment.submitted}</p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => {
            setSubmitted(false)
            submit.reset()
          }}
        >
          Leave another comment
        </Button>
      </Card>
    )
  }

  const busy = submit.isPending
  return (
    <form className="space-y-4" onSubmit={onSubmit} aria-label="Leave a comment">
      <h3 className="text-lg font-semibold text-gray-900">Leave a comment</h3>
      {error && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="comment-name" className="block text-sm font-medium text-gray-700">
            Name *
          </label>
          <input id="comment-name" name="author_name" required autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="comment-email" className="block text-sm font-medium text-gray-700">
            Email *
          </label>
          <input
            id="comment-email"
            name="author_email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={fieldClass}
          />
        </div>
      </div>
      <div>
        <label htmlFor="comment-website" className="block text-sm font-medium text-gray-700">
          Website
        </label>
        <input
          id="comment-website"
          name="author_website"
          type="url"
          placeholder="https://"
          autoComplete="url"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
          className={fieldClass}
        />
      </div>
      {/* Honeypot: hidden from people and screen readers; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="comment-website-url">Leave this field empty</label>
        <input id="comment-website-url" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
      </div>
      <div>
        <label htmlFor="comment-content" className="block text-sm font-medium text-gray-700">
          Comment *
        </label>
        <textarea
          id="comment-content"
          name="content"
          required
          rows={5}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          className={fieldClass}
        />
        <p className="mt-1 text-right text-sm text-gray-500" aria-live="polite">
          {content.length}/{COMMENT_COUNTER_LIMIT} characters
        </p>
      </div>
      <Button type="submit" disabled={busy || content.trim().length < COMMENT_MIN_LENGTH}>
        {busy ? 'Submitting…' : 'Post Comment'}
      </Button>
    </form>
  )
}
