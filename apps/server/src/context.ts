import type { FastifyRequest } from 'fastify'
import type { AppDeps, Context } from '@wayfarer/api'

/** The tRPC context for one HTTP request; the same for /trpc and the REST adapter. */
export function contextFor(deps: AppDeps, request: FastifyRequest): Context {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return { deps, ip: request.ip, bearerToken: match?.[1] ?? null, onEachRead: (effect) => effect() }
}
