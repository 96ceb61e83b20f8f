import { z } from 'zod'

export const ARCHIVE_FORMAT = 'wayfarer-export'
export const ARCHIVE_VERSION = 1
export const MANIFEST_NAME = 'wayfarer.json'
export const IMAGES_DIR = 'images/'

/** The versioned JSON at the root of an archive: its header, then `tables` (each a list of rows). */
export const archiveHeader = z.object({
  format: z.literal(ARCHIVE_FORMAT, {
    error: 'This archive was not made by Wayfarer (no wayfarer.json of the right format).',
  }),
  version: z
    .number()
    .int()
    .refine((v) => v <= ARCHIVE_VERSION, {
      message: 'This archive comes from a newer Wayfarer: update this site first.',
    }),
  exported_at: z.string().max(100),
  public_url: z.string().max(2000),
})
export type ArchiveHeader = z.infer<typeof archiveHeader>

export const archiveRow = z.record(z.string(), z.unknown())
export type ArchiveRow = z.infer<typeof archiveRow>

export const archiveManifest = archiveHeader.extend({ tables: z.record(z.string(), z.array(archiveRow)) })
export type ArchiveManifest = z.infer<typeof archiveManifest>
