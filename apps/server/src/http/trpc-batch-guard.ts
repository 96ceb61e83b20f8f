import type { FastifyInstance } from 'fastify'
import type { AnyRouter } from '@trpc/server'
import { listProcedures } from '@wayfarer/api'
import { sendFailure } from './error-boundary'

/**
 * Procedures marked `unbatched` (sign-in) are refused inside a tRPC batch, so every attempt is its own request
 * and meets the throttle on its own; the batch size itself is capped by tRPC's `maxBatchSize`.
 */
export function guardTrpcBatches(app: FastifyInstance, router: AnyRouter): void {
  const unbatched = new Set(
    listProcedures(router)
      .filter((procedure) => procedure.meta.unbatched)
      .map((procedure) => procedure.path),
  )
  app.addHook('onRequest', async (request, reply) => {
    // The path as routed, whatever form the request line took (`/trpc/a,b`, `http://host/trpc/a,b`, `%2C`):
    // the same decoded parameter the tRPC adapter reads its procedures from.
    if (request.routeOptions.url !== '/trpc/:path') return
    const routed = (request.params as { path?: unknown }).path
    if (typeof routed !== 'string') return
    const paths = routed.split(',')
    // A "batch" of one call is still one attempt: only several calls in one request are refused.
    const refused = paths.length > 1 ? paths.find((p) => unbatched.has(p)) : undefined
    if (refused) return sendFailure(request, reply, 400, `${refused} cannot be sent in a batch: send it on its own`)
  })
}
