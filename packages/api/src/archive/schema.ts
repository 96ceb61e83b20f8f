import { z } from 'zod'

export const ARCHIVE_FORMAT = 'wayfarer-export'
export const ARCHIVE_VERSION = 1
export const MANIFEST_NAME = 'wayfarer.json'
export const IMAGES_DIR = 'images/'

/** The versioned JSON at the root of an archive. */
export const archiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT, {
    error: 'This archive was not made by Wayfarer (no wayfarer.json of the right format).',
  }),
  version: z
    .number()
    .int()
    .refine((v) => v <= ARCHIVE_VERSION, {
      message: 'This archive comes from a newer Wayfarer: update this site first.',
    }),
  exported_at: z.string(),
  public_url: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
})
export type ArchiveManifest = z.infer<typeof archiveManifest>
