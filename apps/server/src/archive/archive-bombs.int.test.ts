import { createWriteStream } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import yazl from 'yazl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importArchive, ImportFileError, LocalImageStore } from '@wayfarer/api'
import { startTestServer, type TestServer } from '../testing/test-server'
import { scratchDir } from '../testing/scratch-dir'

// Small zips that unpack into far more than they hold: each is refused at a limit that fits the entry, while it
// streams, with nothing imported and without the server's memory growing with what the zip unfolds to.
let server: TestServer
const inScratch = scratchDir('wayfarer-zip-bombs-')
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const header =
  '{"format":"wayfarer-export","version":1,"exported_at":"2026-01-01T00:00:00.000Z","public_url":"https://x.test",'

/** The parts one after the other, a number standing for that many megabytes of spaces (valid JSON whitespace),
 * generated as the zip is written: nothing that size is ever in memory. */
function streamOf(...parts: (string | number)[]): Readable {
  const mb = Buffer.alloc(1048576, 0x20)
  return Readable.from(
    (function* () {
      for (const part of parts)
        if (typeof part === 'string') yield Buffer.from(part)
        else for (let i = 0; i < part; i++) yield mb
    })(),
  )
}

async function zipOf(name: string, entries: [string, Buffer | Readable][]): Promise<string> {
  const zip = new yazl.ZipFile()
  const file = inScratch(name)
  const out = createWriteStream(file)
  zip.outputStream.pipe(out)
  for (const [entry, data] of entries)
    if (Buffer.isBuffer(data)) zip.addBuffer(data, entry)
    else zip.addReadStream(data, entry, { compressionLevel: 1 })
  zip.end()
  await once(out, 'close')
  return file
}

const json = (text: string) => Buffer.from(text)
const manifestWith = (tables: string) => json(`${header}"tables":${tables}}`)

async function refusal(file: string): Promise<string> {
  // The heap the refusal leaves behind, after a full collection on both sides: without one, the garbage of a
  // million parsed rows not yet collected made the figure swing between runs (vitest starts workers --expose-gc).
  const collect = () => (globalThis as { gc?: () => void }).gc?.()
  collect()
  const before = process.memoryUsage().heapUsed
  const error = await importArchive(server.app.deps, file, { dryRun: false }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ImportFileError)
  collect()
  expect((process.memoryUsage().heapUsed - before) / 1048576).toBeLessThan(100)
  // Nothing imported: the owner is the only row anywhere, and no image file was written.
  const prisma = server.database.prisma
  expect([await prisma.user.count(), await prisma.post.count(), await prisma.category.count()]).toEqual([1, 0, 0])
  const store = server.app.deps.imageStore as LocalImageStore
  expect(await readdir(store.root, { recursive: true }).catch(() => [])).toEqual([])
  return (error as Error).message
}

/** The zip with the uncompressed size its central directory declares for `entry` replaced (a lying archive). */
async function withDeclaredSize(file: string, entry: string, size: number): Promise<string> {
  const bytes = await readFile(file)
  const name = Buffer.from(entry)
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02])
  for (let at = bytes.indexOf(signature); at >= 0; at = bytes.indexOf(signature, at + 4)) {
    const nameLength = bytes.readUInt16LE(at + 28)
    if (bytes.subarray(at + 46, at + 46 + nameLength).equals(name)) bytes.writeUInt32LE(size, at + 24)
  }
  const lying = file.replace(/\.zip$/, '-lying.zip')
  await writeFile(lying, bytes)
  return lying
}

describe('archive entries are held to what they can hold', () => {
  it('a wayfarer.json declaring 300 MB (in a zip of about a megabyte) is refused before it is inflated', async () => {
    const file = await zipOf('declared.zip', [['wayfarer.json', streamOf(header, 300, '"tables":{}}')]])
    expect((await stat(file)).size).toBeLessThan(2 * 1024 * 1024)
    expect(await refusal(file)).toBe(
      'The archive entry wayfarer.json is larger than 256 MB, more than it can hold; nothing was imported.',
    )
  })

  it('one that declares a kilobyte but inflates to 300 MB is stopped while it streams', async () => {
    const honest = await zipOf('lying.zip', [['wayfarer.json', streamOf(header, 300, '"tables":{}}')]])
    expect(await refusal(await withDeclaredSize(honest, 'wayfarer.json', 1024))).toMatch(
      /^The archive entry wayfarer\.json is damaged \(too many bytes in the stream/,
    )
  })

  it('a wayfarer.json under its limit with 20 MB of nothing between two values is stopped at 8 MB', async () => {
    const file = await zipOf('gap.zip', [['wayfarer.json', streamOf(header, '"tables":{"posts":[', 20, ']}}')]])
    expect(await refusal(file)).toBe('The archive’s wayfarer.json holds a value larger than 8 MB; it was refused.')
  })

  it('a row of 9 MB is refused', async () => {
    const big = `{"slug":"big","content":"${'x'.repeat(9 * 1048576)}"}`
    const file = await zipOf('big-row.zip', [['wayfarer.json', manifestWith(`{"posts":[${big}]}`)]])
    expect(await refusal(file)).toBe('The archive’s wayfarer.json holds a value larger than 8 MB; it was refused.')
  })

  it('values nested beyond what a row holds are refused', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const file = await zipOf('deep.zip', [
      ['wayfarer.json', manifestWith(`{"settings":[{"key":"x","value":${deep}}]}`)],
    ])
    expect(await refusal(file)).toBe('The archive’s wayfarer.json nests values more than 16 deep; it was refused.')
  })

  it('more than a million rows are refused', async () => {
    const rows = Array.from({ length: 1_000_001 }, () => '{}').join(',')
    const file = await zipOf('rows.zip', [['wayfarer.json', manifestWith(`{"notes":[${rows}]}`)]])
    expect(await refusal(file)).toBe('The archive holds more than 1,000,000 rows.')
  })

  it('a sidecar larger than 64 KB is refused, whatever the manifest says', async () => {
    const sidecar = json(JSON.stringify({ title: 'x'.repeat(100_000) }))
    const file = await zipOf('sidecar.zip', [
      ['wayfarer.json', manifestWith('{}')],
      ['images/gallery/photo.json', sidecar],
    ])
    expect(await refusal(file)).toBe(
      'The archive entry images/gallery/photo.json is larger than 64 KB, more than it can hold; nothing was imported.',
    )
  })

  it('a wayfarer.json whose rows come before its header is refused', async () => {
    const file = await zipOf('order.zip', [
      ['wayfarer.json', json('{"tables":{"posts":[{"slug":"a"}]},"format":"wayfarer-export","version":1}')],
    ])
    expect(await refusal(file)).toBe(
      'The archive’s wayfarer.json must start with its header (format, version, exported_at, public_url) before the tables, as Wayfarer writes it.',
    )
  })
})
