import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { appRouter, DomainError, RateLimitedError, userMessageOf, type AppDeps, type RestMeta } from '@wayfarer/api'
import { contextFor } from '../http/context'
import { readFileField } from './multipart'
import { restProcedures, type RestProcedure } from './procedures'
import { isRecord, restInput } from './rest-input'
import { openApiDocument } from './openapi'

export { restProcedures, type RestProcedure } from './procedures'

type CallProcedure = (input: unknown) => Promise<unknown>

/**
 * The REST adapter: one Fastify route per procedure that declares `meta.rest` (docs/product.md, "The REST contract"), answering
 * `{success: true, data, pagination?, message?}` or `{success: false, error}`. The procedure validates and
 * authorises; this only moves fields between HTTP and its input and output. Also serves `/api/openapi.json`.
 */
export function registerRest(app: FastifyInstance, deps: AppDeps): void {
  const procedures = restProcedures()
  const document = openApiDocument(procedures)
  app.get('/api/openapi.json', (_request, reply) => reply.send(document))
  for (const procedure of procedures) {
    app.route({
      method: procedure.rest.method,
      url: procedure.rest.path,
      handler: (request, reply) => answer(deps, procedure, request, reply),
    })
  }
  app.all('/api/*', (request, reply) =>
    reply.code(404).send({ success: false, error: `No API route for ${request.method} ${request.url.split('?')[0]}` }),
  )
}

async function answer(
  deps: AppDeps,
  { procedure, rest, input: schema }: RestProcedure,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const caller = appRouter.createCaller(contextFor(deps, request))
  try {
    const parts = {
      params: request.params as Record<string, string>,
      query: request.query as Record<string, unknown>,
      body: request.body,
    }
    if (rest.upload) {
      // Uploads are owner-only: check the session before reading (up to 10 MB of) the body.
      await caller.auth.me()
      const file = await readFileField(request, rest.upload.field)
      const fields = {
        [rest.upload.input]: file ? new Uint8Array(file.data) : undefined,
        ...(rest.upload.filename ? { [rest.upload.filename]: file?.filename } : {}),
      }
      parts.body = fields
    }
    const input = restInput(schema, rest, parts)
    // An input the schema refuses goes to the procedure, which answers it with its usual message.
    const parsed = rest.stream ? schema?.safeParse(input) : undefined
    const batches = parsed?.success ? rest.stream!(deps, parsed.data as never) : undefined
    if (batches) return await sendStreamed(reply, batches)
    const call = procedure
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as CallProcedure
    const output = await call(input)
    return reply.send({ success: true, ...envelope(rest, output) })
  } catch (error) {
    return sendError(reply, error)
  }
}

/**
 * `{"success":true,"data":[…], …the other fields}` written as the batches come, a batch at a time (the stream asks
 * for the next one only once the last is on its way), so the answer is never held whole. A failure before the
 * first batch is answered as any other; after it the answer is cut short: the client gets broken JSON, never a
 * list that looks whole.
 */
async function sendStreamed(reply: FastifyReply, batches: AsyncGenerator<readonly unknown[], Record<string, unknown>>) {
  let next = await batches.next()
  async function* text() {
    yield '{"success":true,"data":['
    let separator = ''
    while (!next.done) {
      if (next.value.length) {
        yield separator + next.value.map((item) => JSON.stringify(item)).join(',')
        separator = ','
      }
      next = await batches.next()
    }
    const rest = JSON.stringify(next.value)
    yield rest === '{}' ? ']}' : `],${rest.slice(1)}`
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(text(), { objectMode: false }))
}

/** The answer's `data`, `pagination` and `message`, as the metadata says. */
function envelope(rest: RestMeta, output: unknown): { data: unknown; pagination?: unknown; message?: unknown } {
  const field = (key: string) => (isRecord(output) ? output[key] : undefined)
  const data = rest.data ? field(rest.data) : output
  const pagination =
    rest.pagination === undefined
      ? undefined
      : typeof rest.pagination === 'string'
        ? field(rest.pagination)
        : Object.fromEntries(rest.pagination.map((k) => [k, field(k)]))
  const message =
    rest.message === undefined ? undefined : typeof rest.message === 'string' ? rest.message : field(rest.message.from)
  return { data, ...(pagination === undefined ? {} : { pagination }), ...(message === undefined ? {} : { message }) }
}

const statusOf: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  upstream: 502,
  unavailable: 503,
}

/** A procedure's or an upload's failure as `{success: false, error}` with its status; anything else is the error boundary's. */
export function sendError(reply: FastifyReply, error: unknown) {
  if (error instanceof TRPCError) {
    if (error.cause instanceof RateLimitedError) reply.header('retry-after', String(error.cause.retryAfterSeconds))
    const status = getHTTPStatusCodeFromError(error)
    if (status >= 500) reply.log.error({ err: error.cause ?? error }, 'procedure failed')
    return reply.code(status).send({ success: false, error: userMessageOf(error) })
  }
  if (error instanceof DomainError)
    return reply.code(statusOf[error.kind]).send({ success: false, error: error.message })
  // Anything else (a broken multipart body) is answered by the error boundary.
  throw error
}
