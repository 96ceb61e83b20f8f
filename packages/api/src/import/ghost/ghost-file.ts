import { createReadStream } from 'node:fs'
import { ImportFileError } from '../errors'
import { streamJson, type JsonLimits } from '../json-stream'

const GHOST_URL = '__GHOST_URL__'
/** The tables a Ghost export holds that the import reads; the rest (members, emails, settings…) is never kept. */
const TABLES = new Set(['posts', 'tags', 'posts_tags', 'users', 'posts_authors', 'posts_meta'])

/**
 * A Ghost export is one JSON document with a row per post, tag, member, e-mail…; the biggest value in a real one is
 * a post (its HTML, Lexical and plaintext). Rows are 7 deep ({db:[{data:{posts:[{…}]}}]}).
 */
export const GHOST_LIMITS: JsonLimits = { depth: 16, valueBytes: 32 * 1024 * 1024, tokens: 20_000_000 }
const MAX_ROWS = 500_000

/**
 * The rows of the tables the import reads, streamed out of the file (with or without the {db:[…]} wrapper), with
 * __GHOST_URL__ replaced by the old site's address. Refuses a file that needs the address and was not given it.
 */
export async function readGhostTables(file: string, siteUrl: string): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {}
  let rows = 0
  let needsSiteUrl = false
  const withSiteUrl = (row: unknown): unknown => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row
    return Object.fromEntries(
      Object.entries(row).map(([key, value]) => {
        if (typeof value !== 'string' || !value.includes(GHOST_URL)) return [key, value]
        needsSiteUrl = true
        return [key, siteUrl ? value.replaceAll(GHOST_URL, siteUrl) : value]
      }),
    )
  }
  const stream = createReadStream(file)
  try {
    await streamJson(
      stream,
      { name: 'The file', paths: ['$.db.*.data.*.*', '$.data.*.*'], limits: GHOST_LIMITS },
      (row, path) => {
        const wrapped = path[0] === 'db'
        // Only the first export of a wrapped file, as Ghost's own importer reads it.
        if (wrapped && path[1] !== 0) return
        const table = String(path[wrapped ? 3 : 1])
        if (!TABLES.has(table)) return
        if (++rows > MAX_ROWS)
          throw new ImportFileError(`The file holds more than ${MAX_ROWS.toLocaleString('en-US')} rows to import.`)
        ;(tables[table] ??= []).push(withSiteUrl(row))
      },
    )
  } catch (error) {
    if (error instanceof ImportFileError) throw error
    throw new ImportFileError('The file could not be read.')
  } finally {
    stream.destroy()
  }
  if (needsSiteUrl && !siteUrl)
    throw new ImportFileError(
      "This Ghost export links to its own site as __GHOST_URL__: give the old site's address (--site-url https://…) so links and images can be found.",
    )
  return tables
}
