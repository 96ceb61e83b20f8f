import { Button } from '@wayfarer/ui'

/** The newsletter form is decorative: it makes no call and does nothing (docs/product.md, "Blog"). */
export function NewsletterForm() {
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mt-16 rounded-2xl bg-teal-700 px-6 py-10 text-center text-white"
    >
      <h2 id="newsletter-heading" className="text-2xl font-bold">
        Never miss an adventure
      </h2>
      <p className="mt-2 text-teal-50">Get our newest stories and travel tips in your inbox.</p>
      <form className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row" onSubmit={(e) => e.preventDefault()}>
        <label className="sr-only" htmlFor="newsletter-email">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          placeholder="Your email address"
          className="flex-1 rounded-lg bg-white px-4 py-2 text-gray-900 placeholder:text-gray-500"
        />
        <Button type="submit" variant="secondary">
          Subscribe
        </Button>
      </form>
    </section>
  )
}
