import { useState, type FormEvent } from 'react'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { Button, Field, Honeypot, NameAndEmailFields, SentNotice, TextAreaField, Toast } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { COMMENT_COUNTER_LIMIT, COMMENT_MIN_LENGTH, HONEYPOT_FIELD } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { toUserMessage } from '../../lib/user-message'
import { lazyModule } from '../../lib/lazy-module'

const schema = lazyModule(() => import('./comment-schema'))
type CommentSchema = (typeof import('./comment-schema'))['submitCommentInput']

type Fields = { author_name: string; author_email: string; author_website: string; content: string }
const empty: Fields = { author_name: '', author_email: '', author_website: '', content: '' }

/** A story's comment form: editing → submitting → thank-you card (or an error), then back to editing. */
export function CommentForm({ postId }: { postId: number }) {
  const form = useCommentSubmission(postId)
  if (form.submitted) {
    return (
      <SentNotice again="Leave another comment" onAgain={form.again}>
        <p className="text-teal-900">{messages.comment.submitted}</p>
      </SentNotice>
    )
  }
  const { values, edit } = form
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => void form.onSubmit(e)}
      onFocusCapture={schema.preload}
      aria-label="Leave a comment"
    >
      <h3 className="text-lg font-semibold text-gray-900">Leave a comment</h3>
      {form.error && (
        <Toast tone="error" className="border border-red-200">
          {form.error}
        </Toast>
      )}
      <NameAndEmailFields
        idPrefix="comment"
        gap="gap-4"
        name={{ name: 'author_name', value: values.author_name, onChange: edit('author_name') }}
        email={{ name: 'author_email', value: values.author_email, onChange: edit('author_email') }}
      />
      <Field
        id="comment-website"
        label="Website"
        name="author_website"
        type="url"
        placeholder="https://"
        autoComplete="url"
        value={values.author_website}
        onChange={edit('author_website')}
      />
      <Honeypot id="comment-website-url" name={HONEYPOT_FIELD} value={form.honeypot} onChange={form.setHoneypot} />
      <div>
        <TextAreaField
          id="comment-content"
          label="Comment"
          name="content"
          required
          rows={5}
          value={values.content}
          onChange={edit('content')}
        />
        <p className="mt-1 text-right text-sm text-gray-500" aria-live="polite">
          {values.content.length}/{COMMENT_COUNTER_LIMIT} characters
        </p>
      </div>
      <Button type="submit" disabled={form.busy || values.content.trim().length < COMMENT_MIN_LENGTH}>
        {form.busy ? 'Submitting…' : 'Post Comment'}
      </Button>
    </form>
  )
}

/**
 * What the comment form holds and does: the fields, the check with the server's own schema before sending (so
 * the visitor reads the same message without a round trip), the call, and the story's comments read again after.
 */
function useCommentSubmission(postId: number) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Fields>(empty)
  const [honeypot, setHoneypot] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const submit = useMutation(
    trpc.comments.submit.mutationOptions({
      onSuccess: async () => {
        setSubmitted(true)
        setValues((v) => ({ ...v, content: '' }))
        await queryClient.invalidateQueries(trpc.comments.forPost.infiniteQueryFilter({ post_id: postId }))
      },
      onError: (e) => setError(toUserMessage(e, messages.comment.submitFailed)),
    }),
  )
  const problemWith = (fields: Fields, rules: CommentSchema) => {
    const parsed = rules.safeParse({ post_id: postId, ...fields, [HONEYPOT_FIELD]: honeypot })
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.comment.submitFailed)
  }
  return {
    values,
    honeypot,
    setHoneypot,
    error,
    submitted,
    busy: submit.isPending,
    /** A shown error is checked again as the visitor types: it goes once fixed, or says what is still wrong. */
    edit: (key: keyof Fields) => (event: { target: { value: string } }) => {
      const next = { ...values, [key]: event.target.value }
      setValues(next)
      // An error is only shown after a submit, which loaded the schema.
      const loaded = schema.loaded()
      if (error && loaded) setError(problemWith(next, loaded.submitCommentInput))
    },
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const loaded = await schema.load().catch(() => undefined)
      const problem = loaded ? problemWith(values, loaded.submitCommentInput) : messages.comment.submitFailed
      setError(problem)
      if (!problem) submit.mutate({ post_id: postId, ...values, [HONEYPOT_FIELD]: honeypot })
    },
    again: () => {
      setSubmitted(false)
      submit.reset()
    },
  }
}
