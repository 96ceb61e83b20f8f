import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isWarmRequest } from '../cache/public-cache'
import { isRenderRequest } from '../cache/rendered-pages'

// Files of the web build and the image store: many per page view, interesting only when debugging.
const STATIC = /^\/(assets|media)\/|\.(js|css|map|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|txt|webmanifest)$/i

const isStatic = (request: FastifyRequest) => STATIC.test(request.url.split('?')[0] ?? '')

/**
 * One log line per answered request (method, URL, status, time), instead of Fastify's "incoming request" and
 * "request completed" pair. Static files log at debug, so the default level (info) shows what the site did,
 * not every script and thumbnail of every page.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // The server's own requests making kept story pages and first views again: thousands after a change, none a
    // visitor's.
    if (isRenderRequest(request) || isWarmRequest(request)) return
    const level = isStatic(request) ? 'debug' : 'info'
    request.log[level](
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url} ${reply.statusCode}`,
    )
  })
}
