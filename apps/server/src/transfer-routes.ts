import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { appRouter, DomainError, exportArchive, InvalidInputError, PayloadTooLargeError, UnavailableError, userMessageOf, type AppDeps } from '@wayfarer/api'
import { EXPORT_PATH, IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH, transferMessages } from '@wayfarer/api/schemas'
import { contextFor } from './context'

const statusOf: Record<DomainError['kind'], number> = {
  invalid: 400, unauthorized: 401, forbidden: 403, 'not-found': 404, conflict: 409,
  'too-large': 413, 'rate-limited': 429, upstream: 502, unavailable: 503,
}
// Multipart framing and the form's small fields around the file.
const MULTIPART_OVERHEAD = 64 * 1024

/** Only the owner gets past this, and before a byte of the body is read. */
async function requireOwner(deps: AppDeps, request: FastifyRequest): Promise<void> {
  await appRouter.createCaller(contextFor(deps, request)).auth.me()
}

function sendFailure(reply: FastifyReply, error: unknown) {
  if (error instanceof TRPCError) return reply.code(getHTTPStatusCodeFromError(error)).send({ success: false, error: userMessageOf(error) })
  if (error instanceof DomainError) return reply.code(statusOf[error.kind]).send({ success: false, error: error.message })
  // Anything else is a server fault: the error boundary logs it and answers 500.
  throw error
}

/**
 * Admin → Settings → Import/Export over HTTP: the upload of a file to import (multipart, the one import step that
 * is not tRPC; the dry run, the import and its progress are `transfer.*` procedures) and the export download.
 */
export function registerTransferRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(IMPORT_UPLOAD_PATH, async (request, reply) => {
    try {
      await requireOwner(deps, request)
      const jobs = deps.importJobs
      if (!jobs) throw new UnavailableError(transferMessages.unavailable)
      const tooLarge = new PayloadTooLargeError(transferMessages.tooLarge(Math.round(jobs.maxBytes / 1048576)))
      if (!request.isMultipart()) throw new InvalidInputError(transferMessages.noFile)
      if (Number(request.headers['content-length'] ?? 0) > jobs.maxBytes + MULTIPART_OVERHEAD) throw tooLarge
      const { id, file } = await jobs.reserve()
      let filename = ''
      try {
        const part = await request.file({ limits: { fileSize: jobs.maxBytes, files: 1 } })
        if (!part || part.fieldname !== IMPORT_FILE_FIELD) throw new InvalidInputError(transferMessages.noFile)
        filename = part.filename
        await pipeline(part.file, createWriteStream(file, { mode: 0o600 }))
        if (part.file.truncated) throw tooLarge
      } catch (error) {
        await rm(file, { force: true })
        if (error instanceof DomainError) throw error
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge
        throw new InvalidInputError(`The upload did not arrive whole (or is not a multipart form with the field "${IMPORT_FILE_FIELD}"): try again`)
      }
      return reply.send({ success: true, data: await jobs.register(id, file, filename) })
    } catch (error) {
      return sendFailure(reply, error)
    }
  })

  app.get(EXPORT_PATH, async (request, reply) => {
    try {
      await requireOwner(deps, request)
    } catch (error) {
      return sendFailure(reply, error)
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-export-'))
    try {
      const file = path.join(dir, 'wayfarer-export.zip')
      await exportArchive(deps, file)
      const stream = createReadStream(file)
      stream.on('close', () => void rm(dir, { recursive: true, force: true }))
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="wayfarer-${deps.now().toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream)
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      throw error
    }
  })
}
