import { useState, type FormEvent } from 'react'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { Button, SentNotice } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { COMMENT_COUNTER_LIMIT, COMMENT_MIN_LENGTH, HONEYPOT_FIELD } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { toUserMessage } from '../../lib/user-message'
import { lazyModule } from '../../lib/lazy-module'

const schema = lazyModule(() => import('./comment-schema'))
type CommentSchema = (typeof import('./comment-schema'))['submitCommentInput']

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

  const submit = useMutation(
    trpc.comments.submit.mutationOptions({
      onSuccess: async () => {
        setSubmitted(true)
        setContent('')
        await queryClient.invalidateQueries(trpc.comments.forPost.infiniteQueryFilter({ post_id: postId }))
      },
      onError: (e) => setError(toUserMessage(e, messages.comment.submitFailed)),
    }),
  )

  const fields = { author_name: name, author_email: email, author_website: website, content }
  type Fields = typeof fields
  // The same schema the server applies, so the visitor reads the same message without a round trip.
  const problemWith = (values: Fields, rules: CommentSchema) => {
    const parsed = rules.safeParse({ post_id: postId, ...values, [HONEYPOT_FIELD]: honeypot })
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.comment.submitFailed)
  }

  /** A shown error is checked again as the visitor types: it goes once fixed, or says what is still wrong. */
  const edit =
    <K extends keyof Fields>(key: K, set: (value: string) => void) =>
    (event: { target: { value: string } }) => {
      set(event.target.value)
      // An error is only shown after a submit, which loaded the schema.
      const loaded = schema.loaded()
      if (error && loaded) setError(problemWith({ ...fields, [key]: event.target.value }, loaded.submitCommentInput))
    }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const loaded = await schema.load().catch(() => undefined)
    const problem = loaded ? problemWith(fields, loaded.submitCommentInput) : messages.comment.submitFailed
    setError(problem)
    if (!problem) submit.mutate({ post_id: postId, ...fields, [HONEYPOT_FIELD]: honeypot })
  }

  if (submitted) {
    return (
      <SentNotice
        again="Leave another comment"
        onAgain={() => {
          setSubmitted(false)
          submit.reset()
        }}
      >
        <p className="text-teal-900">{messages.comment.submitted}</p>
      </SentNotice>
    )
  }

  const busy = submit.isPending
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => void onSubmit(e)}
      onFocusCapture={schema.preload}
      aria-label="Leave a comment"
    >
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
          <input
            id="comment-name"
            name="author_name"
            required
            autoComplete="name"
            value={name}
            onChange={edit('author_name', setName)}
            className={fieldClass}
          />
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
            onChange={edit('author_email', setEmail)}
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
          onChange={edit('author_website', setWebsite)}
          className={fieldClass}
        />
      </div>
      {/* Honeypot: hidden from people and screen readers; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="comment-website-url">Leave this field empty</label>
        <input
          id="comment-website-url"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
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
          onChange={edit('content', setContent)}
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
