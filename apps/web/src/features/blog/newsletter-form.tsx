import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button, Honeypot } from '@wayfarer/ui'
import { HONEYPOT_FIELD } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { toUserMessage } from '../../lib/user-message'

const FAILED = 'Sorry, that did not work. Please try again later.'

interface NewsletterFormProps {
  /** Follow only this trip's stories ("Follow this trip" on a trip page); absent: every story. */
  tripId?: number
  heading?: string
  text?: string
}

/**
 * Follow the site by e-mail (docs/followers.md): the server mails a confirmation link and answers the same
 * whether the address was known or not, so the form only ever says "Check your inbox to confirm".
 */
export function NewsletterForm({
  tripId,
  heading = 'Never miss an adventure',
  text = 'Get our newest stories and travel tips in your inbox.',
}: NewsletterFormProps) {
  const form = useSubscription(tripId)
  // The footer's ids are the ones the page always had; a trip page has its form besides the footer's.
  const id = tripId ? 'follow-trip' : 'newsletter'
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="relative mt-16 rounded-2xl bg-teal-700 px-6 py-10 text-center text-white"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {heading}
      </h2>
      <p className="mt-2 text-teal-50">{text}</p>
      <form className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row" onSubmit={form.onSubmit}>
        <label className="sr-only" htmlFor={`${id}-email`}>
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          value={form.email}
          onChange={(e) => form.setEmail(e.target.value)}
          className="flex-1 rounded-lg bg-white px-4 py-2 text-gray-900 placeholder:text-gray-500"
        />
        <Honeypot id={`${id}-website-url`} name={HONEYPOT_FIELD} value={form.honeypot} onChange={form.setHoneypot} />
        <Button type="submit" variant="secondary" disabled={form.busy}>
          Subscribe
        </Button>
      </form>
      <p role="status" className="mt-4 min-h-6 font-medium text-white">
        {form.answer}
      </p>
    </section>
  )
}

function useSubscription(tripId: number | undefined) {
  const [email, setEmail] = useState('')
  const [honeypot, setHoneypot] = useState('')
  const [answer, setAnswer] = useState('')
  const subscribe = useMutation(
    trpc.newsletter.subscribe.mutationOptions({
      onSuccess: (data) => setAnswer(data.message),
      onError: (error) => setAnswer(toUserMessage(error, FAILED)),
    }),
  )
  return {
    email,
    setEmail,
    honeypot,
    setHoneypot,
    answer,
    busy: subscribe.isPending,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      setAnswer('')
      subscribe.mutate({ email, ...(tripId ? { trip_id: tripId } : {}), [HONEYPOT_FIELD]: honeypot || undefined })
    },
  }
}
