import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A kept answer as a file (rendered-pages.ts): its labels, its headers, and its body in two parts around the view
 * count, each compressed, so that a hit costs a file read and no compression though the count it shows is live.
 *
 * The gzip answer is put together per hit from three DEFLATE pieces: the part before the count (compressed on
 * its own and ended with a sync flush, which leaves the stream byte-aligned and open), the count as a stored
 * block, and the part after it (compressed on its own, with the final block). DEFLATE allows exactly that: each
 * piece refers to nothing before it. The checksum of the whole is continued from the first part's over the rest
 * (crc32 with a start value), so the part after the count is kept as it is too (it is the short one: the count
 * comes late in a story's JSON, after its text). No library builds gzip from pieces; zlib's own functions make
 * each piece.
 */

export interface PageLabels {
  postId: number
  postVersion: string
  siteVersion: string
  signature: string
  headers: Record<string, string>
  etag: string
}

interface Header extends PageLabels {
  /** Byte lengths of: the part after the count, and the compressed parts before and after it. */
  lengths: [number, number, number]
  /** Byte length of the part before the count. */
  beforeLength: number
  /** CRC-32 of the part before the count. */
  beforeCrc: number
}

export interface PageFile extends PageLabels {
  beforeLength: number
  after: Buffer
  gzipBefore: Buffer
  gzipAfter: Buffer
  beforeCrc: number
}

/** The file for a body whose view count is the `length` characters from `at` (string positions). */
export function encodePageFile(labels: PageLabels, body: string, at: number, length: number): Buffer {
  const before = Buffer.from(body.slice(0, at))
  const after = Buffer.from(body.slice(at + length))
  const gzipBefore = deflateRawSync(before, { finishFlush: constants.Z_SYNC_FLUSH })
  const gzipAfter = deflateRawSync(after)
  const header: Header = {
    ...labels,
    lengths: [after.length, gzipBefore.length, gzipAfter.length],
    beforeLength: before.length,
    beforeCrc: crc32(before),
  }
  const json = Buffer.from(JSON.stringify(header))
  const size = Buffer.alloc(4)
  size.writeUInt32LE(json.length)
  return Buffer.concat([size, json, after, gzipBefore, gzipAfter])
}

/** The file's parts, or undefined when it is not one (cut short, another format). */
export function decodePageFile(file: Buffer): PageFile | undefined {
  try {
    const size = file.readUInt32LE(0)
    const header = JSON.parse(file.subarray(4, 4 + size).toString()) as Header
    const [a, b, c] = header.lengths
    let at = 4 + size
    const part = (length: number) => file.subarray(at, (at += length))
    const [after, gzipBefore, gzipAfter] = [part(a), part(b), part(c)]
    if (at !== file.length) return undefined
    return { ...header, after, gzipBefore, gzipAfter }
  } catch {
    return undefined
  }
}

/**
 * An answer's body, whose bytes are put together only when a client takes it as it is: a kept page read from its
 * file is sent gzip-compressed to nearly every client, and inflating its first part for nothing took about a
 * tenth of a crawler's visit.
 */
export interface LazyBody {
  /** Byte length. */
  length: number
  bytes(): Buffer
}

export const bodyOf = (bytes: Buffer): LazyBody => ({ length: bytes.length, bytes: () => bytes })

/** The body with `views` written in (the part before it inflated when asked: it ends open, with the sync flush). */
export function identityOf(page: PageFile, views: string): LazyBody {
  let bytes: Buffer | undefined
  return {
    length: page.beforeLength + Buffer.byteLength(views) + page.after.length,
    bytes: () =>
      (bytes ??= Buffer.concat([
        inflateRawSync(page.gzipBefore, { finishFlush: constants.Z_SYNC_FLUSH }),
        Buffer.from(views),
        page.after,
      ])),
  }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** The same body as a gzip stream, from the kept compressed parts and the count as a stored block. */
export function gzipOf(page: PageFile, views: string): Buffer {
  const count = Buffer.from(views)
  // A stored block that is not the last: header bits 000 (padded to the byte), its length and the length's complement.
  const stored = Buffer.alloc(5)
  stored.writeUInt16LE(count.length, 1)
  stored.writeUInt16LE(~count.length & 0xffff, 3)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(page.after, crc32(count, page.beforeCrc)), 0)
  trailer.writeUInt32LE((page.beforeLength + count.length + page.after.length) >>> 0, 4)
  return Buffer.concat([GZIP_HEADER, page.gzipBefore, stored, count, page.gzipAfter, trailer])
}
