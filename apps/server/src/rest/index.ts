import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { appRouter, InvalidInputError, MAX_IMAGE_BYTES, messages, PayloadTooLargeError, RateLimitedError, userMessageOf, type AppDeps } from '@wayfarer/api'
import { contextFor } from '../context'
import type { RestRequest, RestRoute, UploadedFile } from './route'
import { healthRoutes } from './health'
import { authRoutes } from './auth'
import { publicPostRoutes } from './posts-public'
import { adminPostRoutes } from './posts-admin'
import { taxonomyRoutes } from './taxonomy'
import { commentRoutes } from './comments'
import { contactRoutes } from './contact'
import { galleryRoutes } from './gallery'
import { aiRoutes } from './ai'
import { settingsRoutes } from './settings'
import { youtubeRoutes } from './youtube'
import { dashboardRoutes } from './dashboard'
import { placesRoutes } from './places'
import { redirectRoutes } from './redirects'

/** Every REST path, one table per domain. */
export const restRoutes: RestRoute[] = [
  ...healthRoutes,
  ...authRoutes,
  ...publicPostRoutes,
  ...adminPostRoutes,
  ...taxonomyRoutes,
  ...commentRoutes,
  ...contactRoutes,
  ...galleryRoutes,
  ...aiRoutes,
  ...settingsRoutes,
  ...youtubeRoutes,
  ...dashboardRoutes,
  ...placesRoutes,
  ...redirectRoutes,
]

/** Registers the REST adapter: SPEC.md §7 paths with `{success, data, pagination?}` / `{success:false, error}`. */
export function registerRest(app: FastifyInstance, deps: AppDeps, routes: RestRoute[] = restRoutes): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const api = appRouter.createCaller(contextFor(deps, request))
        try {
          // Uploads are owner-only: check the session before reading (up to 10 MB of) the body.
          if (route.multipart) await api.auth.me()
          const input: RestRequest = {
            params: request.params as Record<string, string>,
            query: request.query as Record<string, string | undefined>,
            body: isRecord(request.body) ? request.body : {},
            file: route.multipart ? await readFileField(request, route.fileField ?? 'image') : undefined,
          }
          const result = await route.handle(api, input)
          return reply.send({ success: true, ...result })
        } catch (error) {
          return sendError(reply, error)
        }
      },
    })
  }
  app.all('/api/*', (request, reply) =>
    reply.code(404).send({ success: false, error: `No API route for ${request.method} ${request.url.split('?')[0]}` }),
  )
}

function sendError(reply: FastifyReply, error: unknown) {
  if (error instanceof TRPCError) {
    if (error.cause instanceof RateLimitedError) reply.header('retry-after', String(error.cause.retryAfterSeconds))
    const status = getHTTPStatusCodeFromError(error)
    if (status >= 500) reply.log.error({ err: error.cause ?? error }, 'procedure failed')
    return reply.code(status).send({ success: false, error: userMessageOf(error) })
  }
  if (error instanceof PayloadTooLargeError) return reply.code(413).send({ success: false, error: error.message })
  if (error instanceof InvalidInputError) return reply.code(400).send({ success: false, error: error.message })
  // Anything else (a broken multipart body) is answered by the error boundary.
  throw error
}

// Multipart framing around one image is a few hundred bytes; anything announced beyond this cannot fit.
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * The file field (`image`, or the route's own) of an upload. Over the size limit is always 413 with the spec's message: refused from the
 * Content-Length before reading when it is announced, and by the parser's truncation flag otherwise (the
 * parser's own limit error alone raced with the end of the stream, and a truncated file then read as "not an image").
 */
async function readFileField(request: FastifyRequest, field: string): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined
  const announced = Number(request.headers['content-length'] ?? 0)
  if (announced > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) throw new PayloadTooLargeError(messages.upload.tooLarge)
  let image: UploadedFile | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      const data = await part.toBuffer()
      if (part.file.truncated || data.length > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(messages.upload.tooLarge)
      if (part.fieldname === field && !image) image = { data, filename: part.filename, mimetype: part.mimetype }
    }
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw error
    const { code, statusCode } = error as { code?: string; statusCode?: number }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(messages.upload.tooLarge)
    // The multipart parser's own limits carry their status; a broken form (no closing boundary) does not.
    if (statusCode && statusCode < 500) throw error
    throw new InvalidInputError(`The upload is not a valid multipart form: send the file in the field "${field}"`)
  }
  return image
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
