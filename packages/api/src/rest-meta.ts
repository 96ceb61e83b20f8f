import type { AppDeps } from './deps'

/**
 * How a procedure is also reachable as a REST path (docs/product.md, "The REST contract"). Declared beside the procedure with
 * `.meta({ rest: { … } })`; the server's one generic adapter builds every Fastify route from these, and
 * `/api/openapi.json` documents them.
 *
 * The adapter merges the path parameters, the query string and the JSON body into the procedure's input
 * (path over body over query), converts URL text to what the input schema expects (numbers, booleans, lists),
 * and answers `{ success: true, data, pagination?, message? }`.
 */
export interface RestMeta {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Fastify syntax: `/api/posts/slug/:slug`. */
  path: string
  /** One line for the OpenAPI document. */
  summary: string
  /** Request names that differ from the input's: `{ postId: 'post_id' }` (a path parameter or a spec query name). */
  aliases?: Record<string, string>
  /** An owner-only multipart upload: `field` is the form field; its bytes go to the input key `input`. */
  upload?: { field: string; input: string; filename?: string }
  /** The output key that is the answer's `data` (the whole output when absent). */
  data?: string
  /** Output keys that form the answer's `pagination`: one key used as is, or several gathered into an object. */
  pagination?: string | readonly string[]
  /** The answer's `message`: a fixed text, or `{ from: key }` to copy it from the output. */
  message?: string | { from: string }
  /**
   * An answer too large to build in memory (every story with its body). For the input it is given (already
   * validated by the procedure's schema) it returns the batches of `data` — and, when done, the envelope's other
   * fields — or undefined to call the procedure as usual. The adapter writes the answer as the batches come.
   */
  stream?: (deps: AppDeps, input: never) => AsyncGenerator<readonly unknown[], Record<string, unknown>> | undefined
}
