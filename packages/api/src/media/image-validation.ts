import sharp from 'sharp'
import { InvalidInputError, PayloadTooLargeError } from '../errors'
import { messages } from '../messages'
import { MAX_IMAGE_BYTES } from './upload-limits'

// 40 megapixels: any real photo fits; a decompression bomb does not.
const MAX_IMAGE_PIXELS = 40_000_000

export interface ValidImage {
  /** Re-encoded bytes: orientation applied, metadata (GPS included) removed. */
  data: Buffer
  format: 'jpeg' | 'png' | 'gif' | 'webp'
  width: number
  height: number
}

const signatures: { format: ValidImage['format']; test: (b: Uint8Array) => boolean }[] = [
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { format: 'gif', test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    format: 'webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
]

/**
 * Accepts an upload only if its bytes are a PNG, JPEG, GIF or WebP that sharp can decode within the pixel
 * limit — whatever name or content type the client claimed. Returns a clean re-encoded copy.
 */
export async function validateImage(
  bytes: Uint8Array,
  allowed: ValidImage['format'][] = ['jpeg', 'png', 'gif', 'webp'],
): Promise<ValidImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new PayloadTooLargeError(messages.upload.tooLarge)
  const format = signatures.find((s) => s.test(bytes))?.format
  if (!format || !allowed.includes(format)) throw new InvalidInputError(messages.upload.notImage)
  try {
    const animated = format === 'gif' || format === 'webp'
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).rotate()
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? pipeline.png()
          : format === 'gif'
            ? pipeline.gif()
            : pipeline.webp({ quality: 90 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { data, format, width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    throw new InvalidInputError(messages.upload.notImage)
  }
}
