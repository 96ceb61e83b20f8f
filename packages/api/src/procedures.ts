import type { AnyRouter } from '@trpc/server'
import type { z } from 'zod'
import type { ProcedureMeta } from './trpc'
import { appRouter } from './root'

/** One procedure of a router as the adapters, guards and tests need it. */
export interface ProcedureInfo {
  /** The tRPC path, e.g. `posts.bySlug`. */
  path: string
  type: 'query' | 'mutation'
  meta: ProcedureMeta
  /** Needs the owner's session (`adminProcedure`). */
  admin: boolean
  /** The input schemas, in the order `.input()` added them (usually one). */
  inputs: z.ZodType[]
  output: z.ZodType | undefined
}

// tRPC keeps a flat record from "posts.create" to each procedure on the router's `_def`; this is the one place
// that reads it, so a tRPC upgrade that moves it is one change.
interface RawProcedure {
  _def: { type?: unknown; meta?: ProcedureMeta; inputs?: unknown[]; output?: unknown }
}

/** Every query and mutation of `router` (the app's by default), in declaration order. */
export function listProcedures(router: AnyRouter = appRouter): ProcedureInfo[] {
  const record = router._def.procedures as unknown as Record<string, RawProcedure>
  return Object.entries(record).flatMap(([path, { _def }]) => {
    if (_def.type !== 'query' && _def.type !== 'mutation') return []
    const meta = _def.meta ?? {}
    return [
      {
        path,
        type: _def.type,
        meta,
        admin: meta.admin === true,
        inputs: (_def.inputs ?? []) as z.ZodType[],
        output: _def.output as z.ZodType | undefined,
      },
    ]
  })
}
