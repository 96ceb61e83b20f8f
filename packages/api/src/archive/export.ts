import { open, readdir } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import yazl from 'yazl'
import type { AppDeps } from '../deps'
import { LocalImageStore } from '../media/local-image-store'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, IMAGES_DIR, MANIFEST_NAME, type ArchiveManifest } from './schema'
import { archiveTables, isSecretSetting, type ArchiveTable } from './tables'

type ExportDeps = Pick<AppDeps, 'prisma' | 'imageStore' | 'now' | 'config'>

/**
 * Every row of a table as PostgreSQL writes it in JSON (all columns, whatever they are), in id or key order.
 * Columns the database computes itself (a story's stored search documents) are left out: the site that imports
 * the rows computes them again, and PostgreSQL refuses a value written into one.
 */
export async function readTable(
  deps: Pick<AppDeps, 'prisma'>,
  table: ArchiveTable,
): Promise<Record<string, unknown>[]> {
  const order = table.keepIds || table.table === 'users' ? '"id"' : table.key.map((k) => `"${k}"`).join(', ')
  const rows = await deps.prisma.$queryRawUnsafe<{ row: Record<string, unknown> }[]>(
    `SELECT row_to_json(t) AS row FROM "${table.table}" t ORDER BY ${order}`,
  )
  const computed = await deps.prisma.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'ALWAYS'`,
    table.table,
  )
  const left = new Set([...(table.omit ?? []), ...computed.map((c) => c.column_name)])
  return rows.map(({ row }) => {
    const clean = Object.fromEntries(Object.entries(row).filter(([column]) => !left.has(column)))
    if (table.table === 'settings' && clean.value && typeof clean.value === 'object' && !Array.isArray(clean.value)) {
      clean.value = Object.fromEntries(Object.entries(clean.value).filter(([name]) => !isSecretSetting(name)))
    }
    return clean
  })
}

export async function buildManifest(deps: ExportDeps): Promise<ArchiveManifest> {
  const tables: ArchiveManifest['tables'] = {}
  for (const table of archiveTables) tables[table.table] = await readTable(deps, table)
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: deps.now().toISOString(),
    public_url: deps.config.publicUrl,
    tables,
  }
}

async function* filesUnder(root: string, dir = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => [])
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* filesUnder(root, relative)
    else if (entry.isFile()) yield relative
  }
}

/**
 * Writes the whole site to one zip: wayfarer.json (every table, secrets left out) and, with the local image
 * store, every stored image and its sidecar under images/. Images on Cloudinary stay there (their URLs are in
 * the records). Returns the number of image files written.
 */
export async function exportArchive(deps: ExportDeps, file: string): Promise<{ images: number; bytes: number }> {
  const zip = new yazl.ZipFile()
  // The zip holds e-mail addresses (owner, commenters, subscribers): the owner's alone, also over an older file.
  const handle = await open(file, 'w', 0o600)
  await handle.chmod(0o600)
  const out = handle.createWriteStream()
  zip.outputStream.pipe(out)
  zip.addBuffer(Buffer.from(JSON.stringify(await buildManifest(deps))), MANIFEST_NAME)
  let images = 0
  if (deps.imageStore instanceof LocalImageStore) {
    for await (const relative of filesUnder(deps.imageStore.root)) {
      // Photos are compressed already; storing them saves time for nothing lost.
      zip.addFile(path.join(deps.imageStore.root, relative), `${IMAGES_DIR}${relative}`, {
        compress: relative.endsWith('.json'),
      })
      images++
    }
  }
  zip.end()
  await once(out, 'close')
  return { images, bytes: out.bytesWritten }
}
