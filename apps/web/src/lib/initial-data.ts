import { INITIAL_DATA_ELEMENT_ID, initialQueries } from '@wayfarer/api/schemas'
import { trpcUtils } from './trpc'

/**
 * Puts the query answers the server embedded in the page into the query cache before the first render, so the
 * route's loader finds them and the page paints without fetching. A missing or broken block only costs the
 * round trip it meant to save.
 */
export function primeQueriesFromPage(): void {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID)
  if (!element) return
  element.remove()
  let parsed: unknown
  try {
    parsed = JSON.parse(element.textContent ?? '')
  } catch {
    return
  }
  const queries = initialQueries.safeParse(parsed)
  if (!queries.success) return
  for (const query of queries.data) trpcUtils.posts.story.setData(query.input, query.data)
}
