import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button, Field, NameAndEmailFields, SentNotice, TextAreaField, Toast } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { CONTACT_LIMITS, type ContactInput } from '@wayfarer/api/schemas'
import { lazyModule } from '../../lib/lazy-module'
import { trpc } from '../../lib/trpc'
import { isRateLimited } from '../../lib/user-message'

const schema = lazyModule(() => import('./contact-schema'))

const empty: ContactInput = { name: '', email: '', subject: '', message: '' }

/**
 * The contact form: all four fields required; 'Message Sent!' once stored. A failure is said in the form, above
 * the fields, and keeps what the visitor wrote (docs/product.md, "Contact").
 */
export function ContactForm() {
  const form = useContactSubmission()
  if (form.sent) {
    return (
      <SentNotice again="Send another message" onAgain={form.again}>
        <h2 className="text-2xl font-bold text-teal-900">{messages.contact.sent}</h2>
        <p className="mt-2 text-teal-900">Thanks for reaching out. We read every message and will reply soon.</p>
      </SentNotice>
    )
  }
  const { values, set } = form
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => void form.onSubmit(e)}
      onFocusCapture={schema.preload}
      aria-label="Contact form"
    >
      {form.error && (
        <Toast tone="error" className="border border-red-200">
          {form.error}
        </Toast>
      )}
      <NameAndEmailFields
        idPrefix="contact"
        gap="gap-5"
        name={{ name: 'name', maxLength: CONTACT_LIMITS.name, value: values.name, onChange: set('name') }}
        email={{ name: 'email', maxLength: CONTACT_LIMITS.email, value: values.email, onChange: set('email') }}
      />
      <Field
        id="contact-subject"
        label="Subject"
        name="subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        value={values.subject}
        onChange={set('subject')}
      />
      <TextAreaField
        id="contact-message"
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        value={values.message}
        onChange={set('message')}
      />
      <Button type="submit" disabled={form.busy} className="w-full sm:w-auto">
        {form.busy ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  )
}

/** The fields, the check with the server's own schema before sending, the call, and what the form says after. */
function useContactSubmission() {
  const [values, setValues] = useState<ContactInput>(empty)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const submit = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        setSent(true)
        setValues(empty)
      },
      // A rate limit has a useful answer (when to try again); anything else gets the apology.
      onError: (e) => setError(isRateLimited(e) ? e.message : messages.contact.failed),
    }),
  )
  return {
    values,
    error,
    sent,
    busy: submit.isPending,
    set: (key: keyof ContactInput) => (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      setError(null)
      const loaded = await schema.load().catch(() => undefined)
      if (!loaded) return setError(messages.contact.failed)
      // The server's own schema, so the visitor reads the same message without a round trip.
      const parsed = loaded.contactInput.safeParse(values)
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.contact.failed)
      submit.mutate(parsed.data)
    },
    again: () => {
      setSent(false)
      submit.reset()
    },
  }
}
