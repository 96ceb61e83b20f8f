import type { Readable } from 'node:stream'
import { ImportFileError } from '../import/errors'
import { streamJson, type JsonLimits } from '../import/json-stream'
import { archiveHeader, archiveRow, MANIFEST_NAME, type ArchiveHeader, type ArchiveRow } from './schema'

/**
 * What wayfarer.json may hold. It is the whole database as rows, so it is read as a stream: the header, then one
 * row at a time (the biggest a story with 500,000 characters of HTML), 5 deep ({tables:{posts:[{…}]}} and a
 * setting's value). 256 MB is some twenty times the export of a 10,000-story site; a million rows is four
 * times its rows.
 */
export const MANIFEST_LIMITS: JsonLimits = { depth: 16, valueBytes: 8 * 1024 * 1024, tokens: 100_000_000 }
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024
export const MAX_ARCHIVE_ROWS = 1_000_000

const HEADER_FIELDS = ['format', 'version', 'exported_at', 'public_url']

const invalid = (issue: { message: string } | undefined) =>
  new ImportFileError(issue?.message ?? `The archive’s ${MANIFEST_NAME} is not valid.`)

/**
 * Streams wayfarer.json: `header` once its fields are read (Wayfarer writes them before the tables), then `row`
 * for every row in the order of the file. Refuses a file whose rows come before its header, whose rows are not
 * objects, or that holds more than the limits allow; the caller's transaction makes that "nothing imported".
 */
export async function readManifest(
  source: Readable,
  handlers: { header(header: ArchiveHeader): void; row(table: string, row: ArchiveRow): Promise<void> },
): Promise<void> {
  const fields: Record<string, unknown> = {}
  let header: ArchiveHeader | null = null
  let rows = 0
  const checkHeader = () => {
    if (header) return
    const parsed = archiveHeader.safeParse(fields)
    if (!parsed.success) throw invalid(parsed.error.issues[0])
    header = parsed.data
    handlers.header(header)
  }
  await streamJson(
    source,
    {
      name: `The archive’s ${MANIFEST_NAME}`,
      paths: [...HEADER_FIELDS.map((f) => `$.${f}`), '$.tables.*.*'],
      limits: MANIFEST_LIMITS,
    },
    async (value, path) => {
      if (path.length === 1) {
        fields[String(path[0])] = value
        return
      }
      if (!header && HEADER_FIELDS.some((field) => !(field in fields)))
        throw new ImportFileError(
          `The archive’s ${MANIFEST_NAME} must start with its header (${HEADER_FIELDS.join(', ')}) before the tables, as Wayfarer writes it.`,
        )
      checkHeader()
      if (++rows > MAX_ARCHIVE_ROWS)
        throw new ImportFileError(`The archive holds more than ${MAX_ARCHIVE_ROWS.toLocaleString('en-US')} rows.`)
      const row = archiveRow.safeParse(value)
      if (!row.success) throw new ImportFileError(`The archive’s ${MANIFEST_NAME} holds a row that is not an object.`)
      await handlers.row(String(path[1]), row.data)
    },
  )
  checkHeader()
}
