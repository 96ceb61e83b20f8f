import { Transform, type Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import yauzl from 'yauzl'
import { ImportFileError } from '../import/errors'

export interface ZipEntry {
  name: string
  /** The uncompressed size the archive declares (the stream is held to it, and to the entry's limit). */
  size: number
  /** The entry's bytes as they inflate, stopped with an ImportFileError at its limit. */
  stream(): Promise<Readable>
  read(): Promise<Buffer>
}

/** More files than a site's images and their sidecars come to; each costs memory before a byte is read. */
export const MAX_ZIP_ENTRIES = 200_000

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (error, zip) =>
        error || !zip
          ? reject(
              new ImportFileError(
                `This is not a readable zip archive (${error?.message ?? 'unknown error'}). Is it complete?`,
              ),
            )
          : resolve(zip),
    ),
  )

const mb = (bytes: number) =>
  bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} KB`
const tooLarge = (name: string, limit: number) =>
  new ImportFileError(
    `The archive entry ${name} is larger than ${mb(limit)}, more than it can hold; nothing was imported.`,
  )

/**
 * The entries of a zip, each readable on demand up to `maxEntryBytes(name)`. A symbolic link is refused (what
 * it points at is no business of an import); yauzl refuses absolute and "../" names and holds every entry to the size it declares; an entry declaring more than its limit is refused before
 * it is inflated, and one that inflates past its limit anyway is stopped there, so a zip bomb never unfolds.
 */
export async function readZip(
  file: string,
  maxEntryBytes: (name: string) => number,
): Promise<{ entries: ZipEntry[]; close(): void }> {
  const zip = await openZip(file)
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close()
    throw new ImportFileError(`The archive holds more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} files.`)
  }
  const entries: ZipEntry[] = []
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (isSymlink(entry))
        return reject(
          new ImportFileError(
            `The archive holds a symbolic link (${entry.fileName.slice(0, 200)}); nothing was imported.`,
          ),
        )
      if (!entry.fileName.endsWith('/')) {
        const limit = maxEntryBytes(entry.fileName)
        if (entry.uncompressedSize > limit) return reject(tooLarge(entry.fileName, limit))
        const stream = () => openEntry(zip, entry, limit)
        entries.push({
          name: entry.fileName,
          size: entry.uncompressedSize,
          stream,
          read: async () => buffer(await stream()),
        })
      }
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', (e: Error) => reject(new ImportFileError(`The archive is damaged (${e.message}).`)))
    zip.readEntry()
  }).catch((error: unknown) => {
    zip.close()
    throw error
  })
  return { entries, close: () => zip.close() }
}

// Unix zips keep the file's mode in the high half of the external attributes: a link's target is its content.
const isSymlink = (entry: yauzl.Entry): boolean => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new ImportFileError(`The archive entry ${entry.fileName} cannot be read.`))
      let size = 0
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          if (size > limit) return done(tooLarge(entry.fileName, limit))
          done(null, chunk)
        },
      })
      stream.on('error', (e) =>
        capped.destroy(
          e instanceof ImportFileError
            ? e
            : new ImportFileError(`The archive entry ${entry.fileName} is damaged (${e.message}).`),
        ),
      )
      capped.on('close', () => stream.destroy())
      resolve(stream.pipe(capped))
    }),
  )
}
