import { STATUS_CODES, type ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import type { ServerConfig } from '../config'

const messages: Record<number, string> = {
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
  400: 'The request is malformed',
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a body that arrives too slowly, broken
 * framing) with the same `{success:false, error}` envelope as everything else, then closes the connection.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const body = JSON.stringify({ success: false, error: messages[status] })
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/**
 * Connection limits: a request must arrive whole within REQUEST_TIMEOUT_SECONDS (a byte every few seconds no
 * longer holds a connection forever), an idle connection is closed after twice that, and the check runs often
 * enough that the cut happens within a few seconds of the limit (Node checks every 30 s by default).
 */
export function httpLimits(config: Pick<ServerConfig, 'requestTimeoutMs'>): {
  requestTimeout: number
  connectionTimeout: number
  http: ServerOptions
  clientErrorHandler: typeof clientErrorHandler
} {
  const requestTimeout = config.requestTimeoutMs
  return {
    requestTimeout,
    connectionTimeout: requestTimeout * 2,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler,
  }
}
