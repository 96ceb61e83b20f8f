import { randomBytes } from 'node:crypto'
import { crc32, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32Combine, decodePageFile, encodePageFile, gzipOf, identityOf, type PageLabels } from './page-file'

const labels: PageLabels = {
  postId: 7,
  postVersion: '3',
  siteVersion: '9',
  signature: 'build-1',
  headers: { 'content-type': 'application/json; charset=utf-8' },
  etag: '"abc"',
}

describe('crc32Combine', () => {
  it('equals the CRC-32 of the joined pieces, whatever their lengths', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [13, 1_000],
      [4_096, 70_001],
      [100_000, 3],
    ] as const) {
      const first = randomBytes(a)
      const second = randomBytes(b)
      expect(crc32Combine(crc32(first), crc32(second), b)).toBe(crc32(Buffer.concat([first, second])))
    }
  })
})

describe('a kept page file', () => {
  // The count comes early in a story page (its first-view data) and late in a REST answer (after the text).
  const page = (before: string, after: string) => ({ body: `${before}0${after}`, at: before.length })
  const text = 'Über den Wolken, São Paulo — Chișinău. '.repeat(300)

  it.each([
    ['early', page('{"views":', `,"content":"${text}"}`)],
    ['late', page(`{"content":"${text}","views":`, '}')],
    ['at the end', page(`{"content":"${text}","views":`, '')],
  ])('answers gzip and plain with the live count written in (count %s)', (_where, { body, at }) => {
    const file = decodePageFile(encodePageFile(labels, body, at, 1))!
    expect(file.postId).toBe(7)
    for (const views of ['0', '1234567', '98765432109']) {
      const expected = `${body.slice(0, at)}${views}${body.slice(at + 1)}`
      expect(gunzipSync(gzipOf(file, views)).toString()).toBe(expected)
      const plain = identityOf(file, views)
      expect(plain.bytes().toString()).toBe(expected)
      expect(plain.length).toBe(Buffer.byteLength(expected))
    }
  })

  it('keeps the body only compressed', () => {
    const { body, at } = page('{"views":', `,"content":"${text}"}`)
    expect(encodePageFile(labels, body, at, 1).length).toBeLessThan(Buffer.byteLength(body) / 2)
  })

  it('is refused when cut short or of another format', () => {
    const { body, at } = page('{"views":', '}')
    const file = encodePageFile(labels, body, at, 1)
    expect(decodePageFile(file.subarray(0, file.length - 1))).toBeUndefined()
    expect(decodePageFile(Buffer.from('not a page file'))).toBeUndefined()
  })
})
