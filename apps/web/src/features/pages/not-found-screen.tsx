import { Link } from '@tanstack/react-router'
import { notFoundPage } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'

/** Any address the app does not know. The server answers such URLs with HTTP 404 too. */
export function NotFoundScreen() {
  usePageMeta(notFoundPage.title, notFoundPage.description)
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-bold text-teal-700">404</p>
      <h1 className="mt-4 text-3xl font-bold">{notFoundPage.heading}</h1>
      <p className="mt-3 text-gray-600">{notFoundPage.text}</p>
      <Link
        to="/"
        activeOptions={{ exact: true }}
        className="mt-8 rounded-lg bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800"
      >
        Back to Home
      </Link>
    </section>
  )
}
