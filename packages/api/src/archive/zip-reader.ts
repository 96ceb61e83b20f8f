import yauzl from 'yauzl'
import { ImportFileError } from '../import/errors'

export interface ZipEntry {
  name: string
  size: number
  read(): Promise<Buffer>
}

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

/**
 * The entries of a zip, each readable on demand up to `maxEntryBytes`. yauzl refuses absolute and "../"
 * names and checks every entry's real size against its declared one, so a zip bomb cannot pass for small.
 */
export async function readZip(
  file: string,
  maxEntryBytes: (name: string) => number,
): Promise<{ entries: ZipEntry[]; close(): void }> {
  const zip = await openZip(file)
  const entries: ZipEntry[] = []
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) {
        const limit = maxEntryBytes(entry.fileName)
        if (entry.uncompressedSize > limit)
          return reject(new ImportFileError(`The archive entry ${entry.fileName} is larger than allowed.`))
        entries.push({
          name: entry.fileName,
          size: entry.uncompressedSize,
          read: () =>
            new Promise<Buffer>((res, rej) =>
              zip.openReadStream(entry, (error, stream) => {
                if (error || !stream)
                  return rej(new ImportFileError(`The archive entry ${entry.fileName} cannot be read.`))
                const chunks: Buffer[] = []
                let size = 0
                stream.on('data', (c: Buffer) => {
                  size += c.length
                  if (size > limit)
                    stream.destroy(new ImportFileError(`The archive entry ${entry.fileName} is larger than allowed.`))
                  else chunks.push(c)
                })
                stream.on('error', (e) =>
                  rej(
                    e instanceof ImportFileError
                      ? e
                      : new ImportFileError(`The archive entry ${entry.fileName} is damaged (${e.message}).`),
                  ),
                )
                stream.on('end', () => res(Buffer.concat(chunks)))
              }),
            ),
        })
      }
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', (e: Error) => reject(new ImportFileError(`The archive is damaged (${e.message}).`)))
    zip.readEntry()
  })
  return { entries, close: () => zip.close() }
}
