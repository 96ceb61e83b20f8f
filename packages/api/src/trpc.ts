import { initTRPC, TRPCError } from '@trpc/server'
import { ZodError } from 'zod'
import type { AppDeps } from './deps'
import { DomainError, RateLimitedError, UnauthorizedError } from './errors'
import { resolveSession, type SessionUser } from './auth/service'
import { installInputMessages } from './input-policy'
import type { RestMeta } from './rest-meta'

// Every check a schema left without its own message answers in the product's words, never zod's.
installInputMessages()

// 1. Context: what every procedure can see. Built per request by the server (tRPC and REST alike).
export interface Context {
  deps: AppDeps
  /** The caller's address as the server trusts it (proxy-aware when configured). */
  ip: string
  /** The raw bearer token, if the request carried one. Only its hash ever reaches the database. */
  bearerToken: string | null
  /**
   * Runs a side effect of a public read (counting a view) now, and again each time the server answers the
   * same request from its public-read cache without calling the procedure.
   */
  onEachRead: (effect: () => void) => void
}

const codeOf: Record<DomainError['kind'], TRPCError['code']> = {
  invalid: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'rate-limited': 'TOO_MANY_REQUESTS',
  'too-large': 'PAYLOAD_TOO_LARGE',
  upstream: 'BAD_GATEWAY',
  unavailable: 'PRECONDITION_FAILED',
}

/** The message a user should read for any error a procedure ended with. */
export function userMessageOf(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input'
  if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof DomainError)) return 'Internal server error'
  return error.message
}

/** Procedure metadata: `admin` marks procedures that need a signed-in owner (tests enumerate them). */
export interface ProcedureMeta {
  admin?: boolean
  /** Never accepted inside a tRPC batch (sign-in: one attempt per request, so throttling sees every one). */
  unbatched?: boolean
  /** Also served as this REST path (see rest-meta.ts). */
  rest?: RestMeta
}

// 2. Initialisation: domain errors become tRPC codes; zod errors read as their first message.
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const retryAfterSeconds = error.cause instanceof RateLimitedError ? error.cause.retryAfterSeconds : undefined
      return { ...shape, message: userMessageOf(error), data: { ...shape.data, stack: undefined, retryAfterSeconds } }
    },
  })

const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause
    throw new TRPCError({ code: codeOf[cause.kind], message: cause.message, cause })
  }
  return result
})

// The map is built from posts, gallery photos and trips: a successful write there makes the next map read rebuild it.
const PLACES_SOURCES = /^(posts|gallery|places|trips)\./
const notePlaceChanges = t.middleware(async ({ ctx, path, type, next }) => {
  const result = await next()
  if (result.ok && type === 'mutation' && PLACES_SOURCES.test(path)) ctx.deps.places.index.invalidate()
  return result
})

// 3. Procedures
export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(mapDomainErrors).use(notePlaceChanges)

/** Requires a valid, unexpired session; puts the signed-in user on ctx.user. */
export const adminProcedure = publicProcedure.meta({ admin: true }).use(async ({ ctx, next }) => {
  const user: SessionUser | null = ctx.bearerToken ? await resolveSession(ctx.deps, ctx.bearerToken) : null
  if (!user) throw new UnauthorizedError()
  return next({ ctx: { ...ctx, user } })
})
