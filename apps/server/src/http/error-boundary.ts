import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { messages } from '@wayfarer/api'

/** The SPA's pages, for answers to browsers on HTML routes (set by registerSpa once a web build exists). */
export interface HtmlPages {
  /** An unknown URL: the SPA shell, whose router shows the Page Not Found screen. */
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
  /** A failed request: the SPA shell with a neutral title, never any internal text. */
  error(status: number): string
}

const API = /^\/api(\/|$)/
const TRPC = /^\/trpc(\/|$)/
const MEDIA = /^\/media(\/|$)/
const ASSET = /\.[a-z0-9]{2,5}$/i

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/'

/** What a client is told for the framework's own errors (body parsing, limits, URLs), in plain words. */
const clientMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_BAD_URL: 'The URL is malformed',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
  FST_REQ_FILE_TOO_LARGE: messages.upload.tooLarge,
  FST_PARTS_LIMIT: 'Too many parts in the upload',
  FST_FILES_LIMIT: 'Send one image per upload',
  FST_FIELDS_LIMIT: 'Too many fields in the upload',
  FST_PROTO_VIOLATION: 'The request body contains a forbidden property',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the image as multipart/form-data',
  ERR_HTTP_REQUEST_TIMEOUT: 'The request took too long to arrive',
}

const statusOf = (error: Partial<FastifyError>): number => {
  const status = error.statusCode ?? 500
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
}

function clientMessage(error: Partial<FastifyError>, status: number): string {
  if (/prototype property/i.test(error.message ?? '')) return clientMessages.FST_PROTO_VIOLATION!
  if (error.code && clientMessages[error.code]) return clientMessages[error.code]!
  if (error instanceof SyntaxError) return clientMessages.FST_ERR_CTP_INVALID_JSON_BODY!
  return STATUS_CODES[status] ?? 'Bad request'
}

/** The same failure in tRPC's error shape, so the web client reads /trpc failures the way it reads its own. */
const trpcCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
}
const trpcError = (status: number, message: string) => ({
  error: {
    message,
    code: status >= 500 ? -32603 : -32600,
    data: { code: trpcCodes[status] ?? 'INTERNAL_SERVER_ERROR', httpStatus: status },
  },
})

/** The one place an error becomes an answer: `/api` and everything else JSON gets the envelope. */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  pages?: HtmlPages,
) {
  const path = pathOf(request)
  if (TRPC.test(path)) return reply.code(status).send(trpcError(status, message))
  if (pages && wantsPage(request, path)) {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(pages.error(status))
  }
  return reply.code(status).send({ success: false, error: message })
}

const wantsPage = (request: FastifyRequest, path: string) =>
  (request.method === 'GET' || request.method === 'HEAD') && !API.test(path) && !MEDIA.test(path) && !ASSET.test(path)

/**
 * One error boundary for the whole server: every failure is `{success:false, error}` with the right status
 * (tRPC's own shape under /trpc, the SPA's page on HTML routes), client errors are logged at info without a
 * stack, and only server errors (5xx) are logged as errors, with their stack.
 */
export class ErrorBoundary {
  /** Set once the web build is registered; until then (or without one) every answer is JSON. */
  pages: HtmlPages | undefined

  register(app: FastifyInstance): void {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = statusOf(error)
      if (status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ status, code: error.code, reason: error.message }, 'client error')
      return sendFailure(
        request,
        reply,
        status,
        status >= 500 ? 'Internal server error' : clientMessage(error, status),
        this.pages,
      )
    })

    app.setNotFoundHandler((request, reply) => {
      const path = pathOf(request)
      if (API.test(path)) return sendFailure(request, reply, 404, `No API route for ${request.method} ${path}`)
      if (TRPC.test(path)) return sendFailure(request, reply, 404, `No procedure at ${path}`)
      if (MEDIA.test(path)) return sendFailure(request, reply, 404, 'Image not found')
      // Pages, and old addresses that may redirect: the SPA's side decides (assets that are not there get 404).
      if (this.pages && (request.method === 'GET' || request.method === 'HEAD'))
        return this.pages.notFound(request, reply)
      return sendFailure(request, reply, 404, 'Not found')
    })
  }

  /** Errors Fastify raises before routing (a malformed URL): answered like any other client error. */
  readonly frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
    request.log.info({ status: 400, code: error.code, reason: error.message }, 'client error')
    void sendFailure(request, reply, 400, clientMessage(error, 400), this.pages)
  }
}
