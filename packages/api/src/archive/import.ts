import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Prisma } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { ImportFileError } from '../import/errors'
import { ReportBuilder, type ImportReport } from '../import/report'
import { IMPORTED_AUTHOR_PASSWORD_HASH } from '../import/writer'
import { LocalImageStore } from '../media/local-image-store'
import { sanitizePostHtml } from '../posts/sanitize'
import { archiveManifest, IMAGES_DIR, MANIFEST_NAME, type ArchiveManifest } from './schema'
import { archiveTables, type ArchiveTable } from './tables'
import { readZip, type ZipEntry } from './zip-reader'

type ArchiveDeps = Pick<AppDeps, 'prisma' | 'imageStore'>
type Row = Record<string, unknown>

const IMAGE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|jpeg|png|gif|webp|avif|json)$/i
const MAX_MANIFEST_BYTES = 512 * 1024 * 1024
const MAX_IMAGE_ENTRY_BYTES = 64 * 1024 * 1024
// The content tables that decide between a restore (empty site: ids kept) and a merge.
const CONTENT = [
  'posts',
  'categories',
  'tags',
  'comments',
  'gallery_images',
  'contact_messages',
  'newsletter_subscribers',
  'redirects',
]

class DryRunRollback extends Error {}

const keyOf = (row: Row, columns: string[]) => JSON.stringify(columns.map((c) => row[c] ?? null))

const isImage = (bytes: Buffer, name: string): boolean => {
  if (name.endsWith('.json')) {
    try {
      const value: unknown = JSON.parse(bytes.toString('utf8'))
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    } catch {
      return false
    }
  }
  const head = bytes.subarray(0, 12)
  return (
    (head[0] === 0xff && head[1] === 0xd8) ||
    head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ||
    head.subarray(0, 4).toString('latin1') === 'GIF8' ||
    (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') ||
    head.subarray(4, 8).toString('latin1') === 'ftyp'
  )
}

/**
 * Imports a Wayfarer archive. Into an empty site it is a restore: every row with its own id, so the site is
 * reproduced exactly. Into a site with content it merges: rows already there (same slug, e-mail, public id…)
 * are kept and the archive's rows pointing at them are renumbered, so nothing is duplicated. The database part
 * is one transaction: a bad archive changes nothing. Images are written afterwards, never over a different file.
 */
export async function importArchive(
  deps: ArchiveDeps,
  file: string,
  options: { dryRun: boolean },
): Promise<ImportReport> {
  const zip = await readZip(file, (name) => (name === MANIFEST_NAME ? MAX_MANIFEST_BYTES : MAX_IMAGE_ENTRY_BYTES))
  try {
    const manifestEntry = zip.entries.find((e) => e.name === MANIFEST_NAME)
    if (!manifestEntry) throw new ImportFileError('This zip is not a Wayfarer archive: it has no wayfarer.json.')
    let json: unknown
    try {
      json = JSON.parse((await manifestEntry.read()).toString('utf8'))
    } catch (error) {
      throw error instanceof ImportFileError
        ? error
        : new ImportFileError('The archive’s wayfarer.json is not valid JSON.')
    }
    const parsed = archiveManifest.safeParse(json)
    if (!parsed.success)
      throw new ImportFileError(parsed.error.issues[0]?.message ?? 'The archive’s wayfarer.json is not valid.')
    const images = zip.entries.filter((e) => e.name !== MANIFEST_NAME)
    const stray = images.find(
      (e) => !e.name.startsWith(IMAGES_DIR) || !IMAGE_PATH.test(e.name.slice(IMAGES_DIR.length)),
    )
    if (stray)
      throw new ImportFileError(`The archive holds a file Wayfarer does not write: ${stray.name.slice(0, 200)}`)

    const report = new ReportBuilder('wayfarer', options.dryRun, parsed.data.public_url)
    await restoreTables(deps, parsed.data, report, options.dryRun)
    await restoreImages(deps, images, report, options.dryRun)
    return report.finish()
  } finally {
    zip.close()
  }
}

async function restoreTables(deps: ArchiveDeps, manifest: ArchiveManifest, report: ReportBuilder, dryRun: boolean) {
  try {
    await deps.prisma.$transaction(
      async (tx) => {
        const counts = await Promise.all(
          CONTENT.map((t) => tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${t}"`)),
        )
        const restore = counts.every((rows) => rows[0]?.n === 0)
        if (!restore)
          report.entry(
            'file',
            'archive',
            'note',
            'the site already has content: the archive was merged (rows already here were kept)',
          )
        const idMaps = new Map<string, Map<unknown, unknown>>()
        const later: LaterRef[] = []
        for (const table of archiveTables)
          await restoreTable(tx, table, manifest.tables[table.table] ?? [], { restore, idMaps, report, later })
        for (const ref of later) {
          const target = idMaps.get(ref.target)?.get(ref.value)
          if (target !== undefined)
            await tx.$executeRawUnsafe(`UPDATE "${ref.table}" SET "${ref.column}" = $1 WHERE "id" = $2`, target, ref.id)
        }
        if (dryRun) throw new DryRunRollback()
      },
      { timeout: 30 * 60_000, maxWait: 60_000 },
    )
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error
  }
}

/** A reference written once its table is in (`ArchiveTable.laterRefs`). */
interface LaterRef {
  table: string
  column: string
  target: string
  id: unknown
  value: unknown
}

async function columnsOf(tx: Prisma.TransactionClient, table: string): Promise<Set<string>> {
  const rows = await tx.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
    table,
  )
  return new Set(rows.map((r) => r.column_name))
}

async function restoreTable(
  tx: Prisma.TransactionClient,
  table: ArchiveTable,
  rows: Row[],
  state: { restore: boolean; idMaps: Map<string, Map<unknown, unknown>>; report: ReportBuilder; later: LaterRef[] },
) {
  const columns = await columnsOf(tx, table.table)
  const hasId = columns.has('id')
  const keepIds = state.restore && table.keepIds
  const ids = new Map<unknown, unknown>()
  state.idMaps.set(table.table, ids)
  const keys = [table.key, ...(table.alsoUnique ?? [])]
  const existing = (
    await tx.$queryRawUnsafe<{ row: Row }[]>(`SELECT row_to_json(t) AS row FROM "${table.table}" t`)
  ).map((r) => r.row)
  const known = keys.map((k) => new Map(existing.map((row) => [keyOf(row, k), row])))
  const dropped = new Set<string>()

  for (const original of rows) {
    const row: Row = { ...original }
    let orphan = false
    for (const [column, target] of Object.entries(table.refs ?? {})) {
      const refTable = typeof target === 'function' ? target(row) : target
      if (row[column] === null || row[column] === undefined || !refTable) continue
      const mapped = state.idMaps.get(refTable)?.get(row[column])
      if (mapped === undefined) orphan = true
      else row[column] = mapped
    }
    if (orphan) continue
    const laterValues = Object.keys(table.laterRefs ?? {}).map((column) => [column, row[column]] as const)
    for (const [column] of laterValues) row[column] = null
    const match = keys.map((k, i) => known[i]!.get(keyOf(row, k))).find((r) => r !== undefined)
    if (match) {
      if (hasId) ids.set(original.id, match.id)
      if (table.report) state.report.count(table.report, 'existing')
      continue
    }
    if (table.table === 'users') row.password_hash = IMPORTED_AUTHOR_PASSWORD_HASH
    // Written past Prisma (and its sanitise-on-write), so an archive's HTML is cleaned here.
    if (table.table === 'posts' && typeof row.content === 'string') row.content = sanitizePostHtml(row.content)
    if (hasId && !keepIds) delete row.id
    const names = Object.keys(row).filter((c) => columns.has(c) || (dropped.add(c), false))
    const list = names.map((c) => `"${c}"`).join(', ')
    const inserted = await tx.$queryRawUnsafe<{ id?: number }[]>(
      `INSERT INTO "${table.table}" (${list}) SELECT ${list} FROM json_populate_record(NULL::"${table.table}", $1::json)${hasId ? ' RETURNING "id"' : ''}`,
      JSON.stringify(row),
    )
    if (hasId) ids.set(original.id, inserted[0]?.id)
    for (const [column, value] of laterValues)
      if (value !== null && value !== undefined)
        state.later.push({ table: table.table, column, target: table.laterRefs![column]!, id: inserted[0]?.id, value })
    for (let i = 0; i < keys.length; i++) known[i]!.set(keyOf(row, keys[i]!), { ...row, id: inserted[0]?.id })
    if (table.report) state.report.count(table.report, 'created')
  }
  if (dropped.size)
    state.report.entry(
      'file',
      table.table,
      'note',
      `columns this site does not have were left out: ${[...dropped].join(', ')}`,
    )
  if (keepIds && hasId && rows.length) {
    await tx.$executeRawUnsafe(
      `SELECT setval(pg_get_serial_sequence('"${table.table}"', 'id'), (SELECT COALESCE(MAX("id"), 0) + 1 FROM "${table.table}"), false)`,
    )
  }
}

async function restoreImages(deps: ArchiveDeps, images: ZipEntry[], report: ReportBuilder, dryRun: boolean) {
  if (!images.length) return
  if (!(deps.imageStore instanceof LocalImageStore)) {
    report.entry(
      'images',
      `${images.length} files`,
      'skipped',
      'this site keeps images on Cloudinary: the archive’s local image files were not copied',
    )
    return
  }
  for (const entry of images) {
    const relative = entry.name.slice(IMAGES_DIR.length)
    const target = deps.imageStore.resolveFile(relative)
    const bytes = await entry.read()
    if (!isImage(bytes, relative)) {
      report.skip('images', relative, 'not an image: left out')
      continue
    }
    const current = await readFile(target).catch(() => null)
    if (current?.equals(bytes)) report.count('images', 'existing')
    else if (current) report.skip('images', relative, 'a different file with this name is already here: kept it')
    else {
      if (!dryRun) {
        await mkdir(path.dirname(target), { recursive: true })
        await writeFile(target, bytes, { flag: 'wx' })
      }
      report.count('images', 'created')
    }
  }
}
