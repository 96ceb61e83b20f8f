import type { FastifyRequest } from 'fastify'
import type { AppDeps, Context } from '@wayfarer/api'
import { isRenderRequest } from '../cache/rendered-pages'

/** The tRPC context for one HTTP request; the same for /trpc and the REST adapter. */
export function contextFor(deps: AppDeps, request: FastifyRequest): Context {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null
  // The server making a kept answer (rendered-pages.ts) is not a visitor: nothing is counted.
  const onEachRead = isRenderRequest(request)
    ? () => {}
    : (effect: () => void) => {
        effect()
        // Kept with the answer if the public-read cache stores it, and run again on every hit (a story's view).
        request.publicCache?.effects.push(effect)
      }
  return { deps, ip: request.ip, bearerToken: match?.[1] ?? null, onEachRead }
}
