import type { FastifyInstance } from 'fastify'
import { InvalidInputError, RateLimitedError, receiveOwnTracks, trackTokenFrom, type AppDeps } from '@wayfarer/api'
import { OWNTRACKS_PATH, trackMessages } from '@wayfarer/api/schemas'
import { sendError } from '../rest'

/** An OwnTracks message is a few hundred bytes. */
const MAX_MESSAGE_BYTES = 16 * 1024

/**
 * The tracking app's endpoint (OwnTracks' HTTP mode, docs/trips.md "Live"). It is not a tRPC procedure because
 * OwnTracks speaks its own protocol: HTTP Basic authentication with the trip's token as the password, a JSON
 * message (or an empty body) in, a JSON list of messages for the app out. Errors keep the REST envelope.
 */
export function registerTrackRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    // The body is read as text here: OwnTracks posts empty bodies too, which a JSON parser refuses.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_MESSAGE_BYTES }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(OWNTRACKS_PATH, async (request, reply) => {
      try {
        const token = trackTokenFrom(request.headers.authorization)
        const answer = await receiveOwnTracks(deps, token, () => parseMessage(request.body))
        return reply.header('cache-control', 'no-store').send(answer)
      } catch (error) {
        if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds))
        if ((error as { kind?: string }).kind === 'unauthorized')
          reply.header('www-authenticate', 'Basic realm="Wayfarer tracking", charset="UTF-8"')
        return sendError(reply, error)
      }
    })
  })
}

function parseMessage(body: unknown): unknown {
  if (typeof body !== 'string' || body.trim() === '') return undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    throw new InvalidInputError(trackMessages.badBody)
  }
}
