import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button, SentNotice } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { CONTACT_LIMITS, type ContactInput } from '@wayfarer/api/schemas'
import { lazyModule } from '../../lib/lazy-module'
import { trpc } from '../../lib/trpc'
import { isRateLimited } from '../../lib/user-message'

const schema = lazyModule(() => import('./contact-schema'))

const fieldClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20 focus:outline-none'

const empty: ContactInput = { name: '', email: '', subject: '', message: '' }

/** SPEC.md §2 Contact form: all four fields required; success 'Message Sent!', failure the spec's alert. */
export function ContactForm() {
  const [form, setForm] = useState<ContactInput>(empty)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const submit = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        setSent(true)
        setForm(empty)
      },
      onError: (e) => {
        // A rate limit has a useful answer (when to try again); anything else gets the spec's apology.
        if (isRateLimited(e)) setError(e.message)
        window.alert(messages.contact.failed)
      },
    }),
  )

  const set = (key: keyof ContactInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    const loaded = await schema.load().catch(() => undefined)
    if (!loaded) return window.alert(messages.contact.failed)
    // The server's own schema, so the visitor reads the same message without a round trip.
    const parsed = loaded.contactInput.safeParse(form)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.contact.failed)
    submit.mutate(parsed.data)
  }

  if (sent) {
    return (
      <SentNotice
        again="Send another message"
        onAgain={() => {
          setSent(false)
          submit.reset()
        }}
      >
        <h2 className="text-2xl font-bold text-teal-900">{messages.contact.sent}</h2>
        <p className="mt-2 text-teal-900">Thanks for reaching out. We read every message and will reply soon.</p>
      </SentNotice>
    )
  }

  const busy = submit.isPending
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => void onSubmit(e)}
      onFocusCapture={schema.preload}
      aria-label="Contact form"
    >
      {error && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {error}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="block text-sm font-medium text-gray-700">
            Name *
          </label>
          <input
            id="contact-name"
            name="name"
            required
            maxLength={CONTACT_LIMITS.name}
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className="block text-sm font-medium text-gray-700">
            Email *
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            maxLength={CONTACT_LIMITS.email}
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            className={fieldClass}
          />
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="block text-sm font-medium text-gray-700">
          Subject *
        </label>
        <input
          id="contact-subject"
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          value={form.subject}
          onChange={set('subject')}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium text-gray-700">
          Message *
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={form.message}
          onChange={set('message')}
          className={fieldClass}
        />
      </div>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  )
}
