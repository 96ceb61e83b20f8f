import { z } from 'zod/mini'
import { INITIAL_DATA_ELEMENT_ID, type PublicPost } from '@wayfarer/api/schemas'
import { trpcUtils } from './trpc'

/**
 * The embedded block's envelope. The answers themselves come from the server that sent this page, built by the
 * same procedure whose output schema the server checks (seo.int.test.ts parses the block with `initialQueries`);
 * parsing every field again here would put the full schema library on every public page's first load.
 */
const embeddedQueries = z.array(
  z.object({
    procedure: z.literal('posts.story'),
    input: z.object({ slug: z.string() }),
    data: z.custom<PublicPost>((value) => typeof value === 'object' && value !== null),
  }),
)

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
  const queries = embeddedQueries.safeParse(parsed)
  if (!queries.success) return
  for (const query of queries.data) trpcUtils.posts.story.setData(query.input, query.data)
}
