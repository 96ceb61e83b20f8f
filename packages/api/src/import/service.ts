import { open, stat } from 'node:fs/promises'
import { readZip } from '../archive/zip-reader'
import { ImportFileError } from './errors'
import { looksLikePolarsteps } from './polarsteps/polarsteps-file'
import { readGhost } from './ghost/ghost-reader'
import { createImageFetcher } from './image-fetch'
import type { ImportReader } from './model'
import type { ImportReport } from './report'
import { readWxr } from './wordpress/wxr-reader'
import { writeImport, type ImportDeps, type ImportProgress } from './writer'

export type FileFormat = 'wordpress' | 'ghost' | 'wayfarer' | 'polarsteps'

/** What a file is, judged by its first bytes (never by its name). */
export async function detectFormat(file: string): Promise<FileFormat> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return zipFormat(file)
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
    if (text.startsWith('<')) return 'wordpress'
    if (text.startsWith('{')) return 'ghost'
  } finally {
    await handle.close()
  }
  throw new ImportFileError(
    'Unrecognised file: expected a WordPress export (.xml), a Ghost export (.json), a Wayfarer archive (.zip) or a Polarsteps export (.zip).',
  )
}

/**
 * A zip is a Polarsteps export when it lays out trip folders with their trip.json; anything else (a damaged zip
 * too) is taken for a Wayfarer archive, whose import says what is wrong with it.
 */
async function zipFormat(file: string): Promise<'wayfarer' | 'polarsteps'> {
  const zip = await readZip(file, () => Number.MAX_SAFE_INTEGER).catch(() => null)
  if (!zip) return 'wayfarer'
  zip.close()
  return looksLikePolarsteps(zip.entries.map((e) => e.name)) ? 'polarsteps' : 'wayfarer'
}

/** Refuses a file over the limit before a byte of it is parsed. */
export async function checkFileSize(file: string, maxBytes: number): Promise<number> {
  const { size } = await stat(file)
  if (size === 0) throw new ImportFileError('The file is empty.')
  if (size > maxBytes) {
    throw new ImportFileError(
      `The file is ${(size / 1048576).toFixed(1)} MB; the limit is ${Math.round(maxBytes / 1048576)} MB (IMPORT_MAX_MB).`,
    )
  }
  return size
}

export interface SiteImportOptions {
  format: 'wordpress' | 'ghost'
  /** The old site's address as the owner gave it: images at its exact origin are copied whatever it points at. */
  siteUrl?: string | undefined
  includePages?: boolean | undefined
  dryRun: boolean
  ownerId: number
  /** Download referenced images into the image store (default true). */
  copyImages?: boolean | undefined
  onProgress?: (progress: ImportProgress) => void
}

export async function openReader(
  file: string,
  options: Pick<SiteImportOptions, 'format' | 'siteUrl' | 'includePages'>,
): Promise<ImportReader> {
  const siteUrl = options.siteUrl?.trim() || undefined
  if (siteUrl && !/^https?:\/\/[^/\s]+/i.test(siteUrl))
    throw new ImportFileError('The old site address must start with http:// or https://')
  return options.format === 'wordpress'
    ? readWxr(file, { siteUrl, includePages: options.includePages })
    : readGhost(file, { siteUrl, includePages: options.includePages })
}

/** Imports (or, with dryRun, only summarises) a WordPress or Ghost export file. */
export async function importSiteFile(
  deps: ImportDeps,
  file: string,
  options: SiteImportOptions,
): Promise<ImportReport> {
  const reader = await openReader(file, options)
  return writeImport(deps, reader, {
    dryRun: options.dryRun,
    ownerId: options.ownerId,
    fetchImage:
      options.copyImages === false
        ? null
        : // Only the address the owner typed is trusted, never the one the file declares (wp:base_site_url).
          createImageFetcher({ trustedOrigin: options.siteUrl?.trim(), resolve: deps.resolveHost }),
    onProgress: options.onProgress,
  })
}
