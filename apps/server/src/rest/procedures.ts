import type { z } from 'zod'
import { appRouter, type ProcedureMeta, type RestMeta } from '@wayfarer/api'

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

// What tRPC keeps for each procedure at run time: `_def.procedures` is a flat record from "posts.create" to it.
interface ProcedureDef {
  _def: { meta?: ProcedureMeta; inputs: unknown[]; output?: unknown }
}

/** Every procedure with REST metadata, read from the router itself (routes, OpenAPI and the auth tests use it). */
export function restProcedures(): RestProcedure[] {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)
  return procedures.flatMap(([procedure, { _def }]) => {
    const rest = _def.meta?.rest
    if (!rest) return []
    return [
      {
        procedure,
        rest,
        admin: _def.meta?.admin === true,
        input: _def.inputs[0] as z.ZodType | undefined,
        output: _def.output as z.ZodType | undefined,
      },
    ]
  })
}

/** `/api/posts/:id/route` → `['id']`. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)
