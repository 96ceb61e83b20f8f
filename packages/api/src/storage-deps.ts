import type { PrismaClient } from '@wayfarer/db'
import type { ImageStore } from './media/image-store'
import type { HostResolver } from './import/image-fetch'

/**
 * The part of AppDeps that imports and archives work with: the database, the image store, the clock and the
 * host resolver. Declared apart from deps.ts because AppDeps holds the import jobs: if the import code read
 * AppDeps, deps.ts → transfer/jobs.ts → archive/import.ts → deps.ts would be a cycle.
 */
export interface StorageDeps {
  prisma: PrismaClient
  /** Where photos and uploads are stored (Cloudinary or local disk). */
  imageStore: ImageStore
  now: () => Date
  /** How the import looks up the old site's host names before it copies images (the system resolver by default). */
  resolveHost?: HostResolver
}
