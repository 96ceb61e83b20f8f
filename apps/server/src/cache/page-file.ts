import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A kept answer as a file (rendered-pages.ts): its labels, its headers, and its body in two parts around the view
 * count, each compressed, so that a hit costs a file read and no compression though the count it shows is live.
 *
 * The gzip answer is put together per hit from three DEFLATE pieces: the part before the count (compressed on
 * its own and ended with a sync flush, which leaves the stream byte-aligned and open), the count as a stored
 * block, and the part after it (compressed on its own, with the final block). DEFLATE allows exactly that: each
 * piece refers to nothing before it. The checksum of the whole is continued from the first part's over the rest
 * (crc32 with a start value) and joined with the part after it by `crc32Combine`, so the file keeps only that part's
 * checksum and length, not its bytes: a story page's part after the count is most of the page (its first-view data
 * comes early), and keeping it plain doubled the files, which at 100,000 stories no longer fit the page cache. No
 * library builds gzip from pieces; zlib's own functions make each piece.
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
  /** Byte lengths of the compressed parts before and after the count. */
  compressed: [number, number]
  /** Byte lengths of the parts before and after the count. */
  beforeLength: number
  afterLength: number
  /** CRC-32 of the parts before and after the count. */
  beforeCrc: number
  afterCrc: number
}

export interface PageFile extends PageLabels {
  beforeLength: number
  afterLength: number
  gzipBefore: Buffer
  gzipAfter: Buffer
  beforeCrc: number
  afterCrc: number
}

/** The file for a body whose view count is the `length` characters from `at` (string positions). */
export function encodePageFile(labels: PageLabels, body: string, at: number, length: number): Buffer {
  const before = Buffer.from(body.slice(0, at))
  const after = Buffer.from(body.slice(at + length))
  const gzipBefore = deflateRawSync(before, { finishFlush: constants.Z_SYNC_FLUSH })
  const gzipAfter = deflateRawSync(after)
  const header: Header = {
    ...labels,
    compressed: [gzipBefore.length, gzipAfter.length],
    beforeLength: before.length,
    afterLength: after.length,
    beforeCrc: crc32(before),
    afterCrc: crc32(after),
  }
  const json = Buffer.from(JSON.stringify(header))
  const size = Buffer.alloc(4)
  size.writeUInt32LE(json.length)
  return Buffer.concat([size, json, gzipBefore, gzipAfter])
}

/** The file's parts, or undefined when it is not one (cut short, another format). */
export function decodePageFile(file: Buffer): PageFile | undefined {
  try {
    const size = file.readUInt32LE(0)
    const { compressed, ...header } = JSON.parse(file.subarray(4, 4 + size).toString()) as Header
    const [a, b] = compressed
    let at = 4 + size
    const part = (length: number) => file.subarray(at, (at += length))
    const [gzipBefore, gzipAfter] = [part(a), part(b)]
    if (at !== file.length) return undefined
    return { ...header, gzipBefore, gzipAfter }
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

/**
 * The body with `views` written in, its parts inflated when asked (the part before the count ends open, with the
 * sync flush).
 */
export function identityOf(page: PageFile, views: string): LazyBody {
  let bytes: Buffer | undefined
  return {
    length: page.beforeLength + Buffer.byteLength(views) + page.afterLength,
    bytes: () =>
      (bytes ??= Buffer.concat([
        inflateRawSync(page.gzipBefore, { finishFlush: constants.Z_SYNC_FLUSH }),
        Buffer.from(views),
        inflateRawSync(page.gzipAfter),
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
  trailer.writeUInt32LE(crc32Combine(crc32(count, page.beforeCrc), page.afterCrc, page.afterLength), 0)
  trailer.writeUInt32LE((page.beforeLength + count.length + page.afterLength) >>> 0, 4)
  return Buffer.concat([GZIP_HEADER, page.gzipBefore, stored, count, page.gzipAfter, trailer])
}

/**
 * The CRC-32 of two pieces joined, from each piece's CRC-32 and the second's length (zlib's `crc32_combine`, which
 * Node's zlib does not expose: the same arithmetic, polynomials over GF(2) modulo the CRC's, in its reflected
 * bit order, where bit 31 is x^0).
 */
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  // Shifting crc1 over length2 bytes multiplies it by x^(8 * length2).
  let power = X0
  for (let n = length2, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) power = timesModP(X2N[k % 32]!, power)
  return (timesModP(power, crc1) ^ crc2) >>> 0
}

const CRC_POLY = 0xedb88320
const X0 = 0x80000000

/** a times b modulo the CRC-32 polynomial (a must not be zero). */
function timesModP(a: number, b: number): number {
  let product = 0
  for (let m = X0; ; m >>>= 1) {
    if (a & m) {
      product ^= b
      if ((a & (m - 1)) === 0) break
    }
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = (() => {
  const table = [0x40000000]
  for (let k = 1; k < 32; k++) table.push(timesModP(table[k - 1]!, table[k - 1]!))
  return table
})()
