import {
  checkFileSize,
  detectFormat,
  exportArchive,
  importArchive,
  ImportFileError,
  importPolarsteps,
  importSiteFile,
  type AppDeps,
  type ImportProgress,
  type ImportReport,
} from '@wayfarer/api'

export const usage = `Usage:
  npm run import -- wordpress FILE [--site-url URL] [--dry-run] [--include-pages] [--no-images]
  npm run import -- ghost FILE [--site-url URL] [--dry-run] [--include-pages] [--no-images]
  npm run import -- wayfarer FILE.zip [--dry-run]      a Wayfarer archive: restore into an empty site, or merge
  npm run import -- polarsteps FILE.zip [--dry-run] [--publish]
                                                       Polarsteps' "download a copy of your data" zip: trips,
                                                       steps as stories, their photos, the tracked route
  npm run export -- FILE.zip                           the whole site (secrets left out) with its local images

  --site-url URL     the old site's address (Ghost's __GHOST_URL__, old links; WordPress files carry their own);
                     images at exactly this origin are copied even on a private network or another port
  --dry-run          read the file and report what would be imported, without writing anything
  --include-pages    import pages as stories too
  --publish          (Polarsteps) publish the trips, stories and photos at once instead of keeping them as drafts
  --no-images        keep images at their old addresses instead of copying them into the image store
  --max-mb N         refuse files larger than N MB (default IMPORT_MAX_MB, 200)

Runs on the server's DATA_DIR or DATABASE_URL. With the embedded database, stop the server first.`

export interface TransferOptions {
  siteUrl?: string | undefined
  dryRun: boolean
  includePages: boolean
  publish: boolean
  /** LOCATION_PRECISION: a Polarsteps export's photos and steps are rounded to it. */
  locationPrecision: number
  copyImages: boolean
  maxMb: number
  onProgress?: (progress: ImportProgress) => void
}

/** One CLI command on open dependencies; returns the report to print. */
export async function runTransferCommand(
  deps: Pick<AppDeps, 'prisma' | 'imageStore' | 'now' | 'config' | 'galleryFolder'>,
  positionals: string[],
  options: TransferOptions,
): Promise<ImportReport | { exported: string; images: number; bytes: number }> {
  const [command, file] = positionals
  if (command === 'export' && file) return { exported: file, ...(await exportArchive(deps, file)) }
  if (!file || !['wordpress', 'ghost', 'wayfarer', 'polarsteps'].includes(command ?? ''))
    throw new ImportFileError(usage)
  if (!Number.isFinite(options.maxMb) || options.maxMb <= 0)
    throw new ImportFileError('--max-mb must be a positive number')
  await checkFileSize(file, options.maxMb * 1024 * 1024)
  const format = await detectFormat(file)
  // A damaged zip is no recognisable export: the Polarsteps import itself says what is wrong with it.
  const zip = format === 'wayfarer' || format === 'polarsteps'
  if (format !== command && !(command === 'polarsteps' && zip))
    throw new ImportFileError(
      `This file looks like a ${format === 'wayfarer' ? 'Wayfarer archive' : `${format} export`}, not a ${command} export.`,
    )
  if (command === 'wayfarer') return importArchive(deps, file, { dryRun: options.dryRun })
  const ownerId = await ownerOf(deps)
  if (command === 'polarsteps')
    return importPolarsteps(deps, file, {
      dryRun: options.dryRun,
      ownerId,
      publish: options.publish,
      precision: options.locationPrecision,
      galleryFolder: deps.galleryFolder,
    })
  return importSiteFile(deps, file, {
    format: command as 'wordpress' | 'ghost',
    siteUrl: options.siteUrl,
    includePages: options.includePages,
    dryRun: options.dryRun,
    ownerId,
    copyImages: options.copyImages,
    onProgress: options.onProgress,
  })
}

async function ownerOf(deps: Pick<AppDeps, 'prisma'>): Promise<number> {
  const owner = await deps.prisma.user.findFirst({
    where: { passwordHash: { not: '!imported-author' } },
    orderBy: { id: 'asc' },
    select: { id: true },
  })
  if (!owner) throw new ImportFileError('There is no owner account yet: start the server once so it creates one.')
  return owner.id
}
