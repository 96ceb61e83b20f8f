import { useMatch, type ErrorComponentProps } from '@tanstack/react-router'
import { Button } from '@wayfarer/ui'
import { isChunkLoadError } from '../../lib/chunk-error'
import { PublicLayout } from '../layout/public-layout'
import { AppErrorScreen } from './app-error-screen'

/**
 * Every route's error page (the router's default). It shows inside the layout of the route above the one that
 * failed, so the site's header stays; when the public layout route or the root fails, it brings the header itself.
 */
export function RouteErrorScreen(props: ErrorComponentProps) {
  const routeId = useMatch({ strict: false, select: (match) => match.routeId })
  const screen = isChunkLoadError(props.error) ? <PageUnavailable /> : <AppErrorScreen {...props} />
  return routeId === '/_public' || routeId === '__root__' ? <PublicLayout>{screen}</PublicLayout> : screen
}

/**
 * The page's code did not arrive. Retry reloads the whole page rather than rendering again: the browser keeps a
 * failed import for the life of the document, and after a release the old file names are gone for good.
 */
function PageUnavailable() {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="page-unavailable">
      <h1 className="text-2xl font-bold text-gray-900">This page could not be loaded</h1>
      <p className="mt-3 text-gray-600">
        Part of the page did not arrive: the connection may have dropped, or the site was just updated. Loading it again
        usually helps.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Retry
      </Button>
    </section>
  )
}
