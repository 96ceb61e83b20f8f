import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { StorageDeps } from '../storage-deps'
import { ImportFileError } from '../import/errors'
import { ReportBuilder, type ImportReport } from '../import/report'
import { isSidecar, LocalImageStore } from '../media/local-image-store'
import { PRIVATE_DIR, PRIVATE_FILE } from '../media/private-files'
import { MAX_IMAGE_BYTES } from '../media/upload-limits'
import { MAX_MANIFEST_BYTES, readManifest } from './manifest-stream'
import { IMAGES_DIR, MANIFEST_NAME } from './schema'
import { TableRestorer, writeLaterRefs, type RestoreState } from './table-restore'
import { archiveTables } from './tables'
import { readZip, type ZipEntry } from './zip-reader'

type ArchiveDeps = Pick<StorageDeps, 'prisma' | 'imageStore'>

const IMAGE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|jpeg|png|gif|webp|avif|json)$/i
// What each entry can hold: a stored photo (uploads are at most 10 MB; re-encoding never triples one) and its
// sidecar (a title, caption, place and tags).
const MAX_IMAGE_ENTRY_BYTES = 3 * MAX_IMAGE_BYTES
const MAX_SIDECAR_BYTES = 64 * 1024
const entryLimit = (name: string) =>
  name === MANIFEST_NAME ? MAX_MANIFEST_BYTES : name.endsWith('.json') ? MAX_SIDECAR_BYTES : MAX_IMAGE_ENTRY_BYTES
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

const isImage = (bytes: Buffer, name: string): boolean => {
  if (name.endsWith('.json')) return isSidecar(bytes.toString('utf8'))
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
 * is one transaction, fed row by row from the zip: a bad archive (or one past a limit) changes nothing. Images
 * are written afterwards, never over a different file.
 */
export async function importArchive(
  deps: ArchiveDeps,
  file: string,
  options: { dryRun: boolean },
): Promise<ImportReport> {
  const zip = await readZip(file, entryLimit)
  try {
    const manifestEntry = zip.entries.find((e) => e.name === MANIFEST_NAME)
    if (!manifestEntry) throw new ImportFileError('This zip is not a Wayfarer archive: it has no wayfarer.json.')
    const images = zip.entries.filter((e) => e.name !== MANIFEST_NAME)
    const stray = images.find(
      (e) => !e.name.startsWith(IMAGES_DIR) || !IMAGE_PATH.test(e.name.slice(IMAGES_DIR.length)),
    )
    if (stray)
      throw new ImportFileError(`The archive holds a file Wayfarer does not write: ${stray.name.slice(0, 200)}`)

    const report = await restoreTables(deps, manifestEntry, options.dryRun)
    await restoreImages(deps, images, report, options.dryRun)
    return report.finish()
  } finally {
    zip.close()
  }
}

async function restoreTables(deps: ArchiveDeps, manifest: ZipEntry, dryRun: boolean): Promise<ReportBuilder> {
  let report = new ReportBuilder('wayfarer', dryRun, '')
  try {
    await deps.prisma.$transaction(
      async (tx) => {
        const counts = await Promise.all(
          CONTENT.map((t) => tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${t}"`)),
        )
        const state: RestoreState = {
          restore: counts.every((rows) => rows[0]?.n === 0),
          idMaps: new Map(),
          report,
          later: [],
        }
        // Tables are written in the archive's order (users before the posts that name them…), one at a time.
        let next = 0
        let current: TableRestorer | null = null
        const advanceTo = async (index: number) => {
          while (next <= index) {
            await current?.finish()
            current = new TableRestorer(tx, archiveTables[next++]!, state)
            await current.begin()
          }
        }
        await readManifest(await manifest.stream(), {
          header(header) {
            report = state.report = new ReportBuilder('wayfarer', dryRun, header.public_url)
            if (!state.restore)
              report.entry(
                'file',
                'archive',
                'note',
                'the site already has content: the archive was merged (rows already here were kept)',
              )
          },
          async row(table, row) {
            const index = archiveTables.findIndex((t) => t.table === table)
            // A table this version does not know is left out, as before.
            if (index < 0) return
            if (index < next - 1)
              throw new ImportFileError(`The archive’s ${MANIFEST_NAME} lists ${table} out of order: was it edited?`)
            await advanceTo(index)
            await current!.add(row)
          },
        })
        await advanceTo(archiveTables.length - 1)
        await current!.finish()
        await writeLaterRefs(tx, state)
        if (dryRun) throw new DryRunRollback()
      },
      { timeout: 30 * 60_000, maxWait: 60_000 },
    )
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error
  }
  return report
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
      report.skip(
        'images',
        relative,
        relative.endsWith('.json') ? 'not an image sidecar this site can read: left out' : 'not an image: left out',
      )
      continue
    }
    const current = await readFile(target).catch(() => null)
    if (current?.equals(bytes)) report.count('images', 'existing')
    else if (current) report.skip('images', relative, 'a different file with this name is already here: kept it')
    else {
      if (!dryRun) {
        // Private like the rest of DATA_DIR.
        await mkdir(path.dirname(target), PRIVATE_DIR)
        await writeFile(target, bytes, { ...PRIVATE_FILE, flag: 'wx' })
      }
      report.count('images', 'created')
    }
  }
}
