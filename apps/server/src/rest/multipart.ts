import type { FastifyRequest } from 'fastify'
import { InvalidInputError, MAX_IMAGE_BYTES, messages, PayloadTooLargeError } from '@wayfarer/api'

/** The one declared exception to JSON in, JSON out: an owner's file upload (`RestMeta.upload`). */
export interface UploadedFile {
  data: Buffer
  filename: string
}

// Multipart framing around one image is a few hundred bytes; anything announced beyond this cannot fit.
const MULTIPART_OVERHEAD = 64 * 1024

/**
 * The file field of an upload. Over the size limit is always 413 with the documented message: refused from the
 * Content-Length before reading when it is announced, and by the parser's truncation flag otherwise (the
 * parser's own limit error alone raced with the end of the stream, and a truncated file then read as "not an image").
 */
export async function readFileField(request: FastifyRequest, field: string): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined
  const announced = Number(request.headers['content-length'] ?? 0)
  if (announced > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) throw new PayloadTooLargeError(messages.upload.tooLarge)
  let file: UploadedFile | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      const data = await part.toBuffer()
      if (part.file.truncated || data.length > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(messages.upload.tooLarge)
      if (part.fieldname === field && !file) file = { data, filename: part.filename }
    }
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw error
    const { code, statusCode } = error as { code?: string; statusCode?: number }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(messages.upload.tooLarge)
    // The multipart parser's own limits carry their status; a broken form (no closing boundary) does not.
    if (statusCode && statusCode < 500) throw error
    throw new InvalidInputError(`The upload is not a valid multipart form: send the file in the field "${field}"`)
  }
  return file
}
