import { z } from 'zod'
import { importReport } from '../import/report'
import { text } from '../input-policy'

/** Where the import screen sends its file (multipart field `file`): the one upload of the import, over REST. */
export const IMPORT_UPLOAD_PATH = '/api/import/upload'
/** The whole site as one Wayfarer archive (GET, owner only). */
export const EXPORT_PATH = '/api/export'
export const IMPORT_FILE_FIELD = 'file'

export const transferMessages = {
  noFile: `Choose a file to import (send it in the multipart field "${IMPORT_FILE_FIELD}")`,
  tooLarge: (limitMb: number) =>
    `The file is larger than ${limitMb} MB, the upload limit (IMPORT_UPLOAD_MAX_MB). Use the command line for bigger sites: npm run import`,
  notFound: 'This import is no longer available: upload the file again',
  busy: 'Another import is running: wait for it to finish',
  notChecked: 'Check the file (dry run) before importing it',
  unavailable: 'Import is not available on this server',
}

/** What the upload answers: the uploaded file, waiting for its dry run. */
export const uploadedImport = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  format: z.enum(['wordpress', 'ghost', 'wayfarer', 'polarsteps']),
})
export type UploadedImport = z.infer<typeof uploadedImport>

export const importLimits = z.object({ upload_max_mb: z.number() })

export const importJobIdInput = z.object({ id: text('Import').trim().min(1).max(100) })

export const checkImportInput = importJobIdInput.extend({
  /** The old site's address (Ghost's __GHOST_URL__, old links); WordPress files carry their own. */
  site_url: text('Old site address')
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || /^https?:\/\/[^/\s]+/i.test(v),
      'The old site address must start with http:// or https://',
    )
    .optional(),
  include_pages: z.boolean().default(false),
  /** A Polarsteps export: publish the trips, stories and photos at once instead of keeping them as drafts. */
  publish: z.boolean().default(false),
})
export type CheckImportInput = z.input<typeof checkImportInput>

export const importJobStates = ['uploaded', 'checking', 'checked', 'importing', 'done', 'failed'] as const

/** One import as the screen polls it: where it is, how far, and the dry-run summary and final report. */
export const importJob = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  format: z.enum(['wordpress', 'ghost', 'wayfarer', 'polarsteps']),
  state: z.enum(importJobStates),
  /** Stories handled so far of `total` (0 of 0 when the format does not count them, e.g. an archive). */
  progress: z.object({ done: z.number(), total: z.number() }),
  dry_run: importReport.nullable(),
  report: importReport.nullable(),
  error: z.string().nullable(),
})
export type ImportJob = z.infer<typeof importJob>
