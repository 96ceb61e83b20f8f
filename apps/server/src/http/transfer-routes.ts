import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  appRouter,
  DomainError,
  exportArchive,
  InvalidInputError,
  PayloadTooLargeError,
  UnavailableError,
  type AppDeps,
} from '@wayfarer/api'
import { EXPORT_PATH, IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH, transferMessages } from '@wayfarer/api/schemas'
import { contextFor } from './context'
import { sendError } from '../rest'

// Multipart framing and the form's small fields around the file.
const MULTIPART_OVERHEAD = 64 * 1024

/** Only the owner gets past this, and before a byte of the body is read. */
async function requireOwner(deps: AppDeps, request: FastifyRequest): Promise<void> {
  await appRouter.createCaller(contextFor(deps, request)).auth.me()
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
        throw new InvalidInputError(
          `The upload did not arrive whole (or is not a multipart form with the field "${IMPORT_FILE_FIELD}"): try again`,
        )
      }
      return reply.send({ success: true, data: await jobs.register(id, file, filename) })
    } catch (error) {
      return sendError(reply, error)
    }
  })

  app.get(EXPORT_PATH, async (request, reply) => {
    try {
      await requireOwner(deps, request)
    } catch (error) {
      return sendError(reply, error)
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
