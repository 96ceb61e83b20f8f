import type { z } from 'zod'
import { listProcedures, type RestMeta } from '@wayfarer/api'

/** A procedure that is also exposed as a REST path. */
export interface RestProcedure {
  /** The tRPC path, e.g. `posts.bySlug`. */
  procedure: string
  rest: RestMeta
  /** Needs the owner's session (`adminProcedure`). */
  admin: boolean
  input: z.ZodType | undefined
  output: z.ZodType | undefined
}

/** Every procedure with REST metadata, read from the router itself (routes, OpenAPI and the auth tests use it). */
export function restProcedures(): RestProcedure[] {
  return listProcedures().flatMap(({ path, meta, admin, inputs, output }) =>
    meta.rest ? [{ procedure: path, rest: meta.rest, admin, input: inputs[0], output }] : [],
  )
}

/** `/api/posts/:id/route` → `['id']`. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)
