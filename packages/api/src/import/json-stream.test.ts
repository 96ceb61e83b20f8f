import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ImportFileError } from './errors'
import { streamJson, type JsonLimits, type JsonPath } from './json-stream'

const roomy: JsonLimits = { depth: 16, valueBytes: 1024 * 1024, tokens: 1_000_000 }

async function collect(text: string | Readable, paths: string[], limits = roomy) {
  const values: [JsonPath, unknown][] = []
  const source = typeof text === 'string' ? Readable.from([Buffer.from(text)]) : text
  await streamJson(source, { name: 'The document', paths, limits }, (value, path) => {
    values.push([path, value])
  })
  return values
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('not refused')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ImportFileError)
      return (error as Error).message
    },
  )

describe('streamJson', () => {
  it('hands over each value at the paths, with where it was, across chunks cut anywhere', async () => {
    const text = '{"head":{"v":1},"tables":{"a":[{"x":"é"},{"x":2}],"b":[[1,2]]}}'
    const bytes = Buffer.from(text)
    const chunks = Readable.from(Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)))
    expect(await collect(chunks, ['$.head', '$.tables.*.*'])).toEqual([
      [['head'], { v: 1 }],
      [['tables', 'a', 0], { x: 'é' }],
      [['tables', 'a', 1], { x: 2 }],
      [
        ['tables', 'b', 0],
        [1, 2],
      ],
    ])
  })

  it('refuses nesting deeper than its limit', async () => {
    expect(await refusal(collect('[[[[1]]]]', ['$.*'], { ...roomy, depth: 3 }))).toBe(
      'The document nests values more than 3 deep; it was refused.',
    )
  })

  it('refuses more tokens than its limit', async () => {
    expect(await refusal(collect(`[${'0,'.repeat(100)}0]`, ['$.*'], { ...roomy, tokens: 150 }))).toBe(
      'The document holds more than 150 values; it was refused.',
    )
  })

  it('stops a value growing past its limit within a slice of it, without reading the rest of the stream', async () => {
    let pulled = 0
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('["')
        for (let i = 0; i < 1000; i++) {
          pulled += 65536
          yield Buffer.alloc(65536, 0x61)
        }
        yield Buffer.from('"]')
      })(),
    )
    expect(await refusal(collect(endless, ['$.*'], { ...roomy, valueBytes: 1024 * 1024 }))).toBe(
      'The document holds a value larger than 1 MB; it was refused.',
    )
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
  })

  it('refuses a document cut short, or none at all', async () => {
    expect(await refusal(collect('{"tables":{"a":[{"x":1}', ['$.tables.*.*']))).toBe(
      'The document is not valid JSON (is it complete?).',
    )
    expect(await refusal(collect('{"a":1} trailing', ['$.*']))).toBe(
      'The document is not valid JSON (is it complete?).',
    )
    expect(await refusal(collect('   ', ['$.*']))).toBe('The document is empty.')
  })
})
