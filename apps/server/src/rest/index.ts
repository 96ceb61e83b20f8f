import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { appRouter, messages, RateLimitedError, userMessageOf, type AppDeps } from '@wayfarer/api'
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
            file: route.multipart ? await readImageField(request) : undefined,
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
  if (isFileTooLarge(error)) return reply.code(413).send({ success: false, error: messages.upload.tooLarge })
  reply.log.error({ err: error }, 'REST route failed')
  return reply.code(500).send({ success: false, error: 'Internal server error' })
}

async function readImageField(request: FastifyRequest): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === 'image') {
      return { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype }
    }
    if (part.type === 'file') await part.toBuffer()
  }
  return undefined
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isFileTooLarge = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
