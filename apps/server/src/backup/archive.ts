import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import {
  dumpSql,
  resolveMigrationsDir,
  restoreDatabase,
  RestoreError,
  securePrivateTree,
  type Database,
  type DatabaseOptions,
} from '@wayfarer/db'

/** What a backup archive says about itself (wayfarer-backup.json). */
export interface BackupManifest {
  format: 1
  createdAt: string
  database: Database['kind']
  tables: Record<string, number>
  images: number
  /** Whether the archive carries DATA_DIR/secret.key (it does when the key was generated there, not set by SECRET_KEY). */
  secretKey: boolean
}

export interface BackupSources {
  /** The local image store (DATA_DIR/images); absent with Cloudinary. */
  imagesDir?: string | undefined
  /** DATA_DIR/secret.key when the key lives there: sealed settings cannot be read without it. */
  secretKeyFile?: string | undefined
  /** Where to stage files: inside DATA_DIR, so images are hard-linked rather than copied. */
  stagingParent: string
}

const MANIFEST = 'wayfarer-backup.json'

async function linkTree(from: string, to: string): Promise<number> {
  let files = 0
  await mkdir(to, { recursive: true, mode: 0o700 })
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) files += await linkTree(source, target)
    else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target))
      files++
    }
  }
  return files
}

/**
 * One consistent, restorable archive (tar + gzip) of the database and the local image store: the database
 * from one snapshot, then the images (an image stored after the snapshot may be included; none it refers to
 * is missing unless deleted meanwhile). The archive is written to `output` and is private (it holds the
 * password hash, and with the secret key everything sealed).
 */
export async function writeBackup(
  database: Pick<Database, 'kind' | 'snapshot'>,
  sources: BackupSources,
  output: NodeJS.WritableStream,
): Promise<BackupManifest> {
  await mkdir(sources.stagingParent, { recursive: true, mode: 0o700 })
  const staging = await mkdtemp(path.join(sources.stagingParent, '.backup-'))
  try {
    const sql = createWriteStream(path.join(staging, 'database.sql'), { mode: 0o600 })
    const { tables } = await database.snapshot((db) =>
      dumpSql(db, resolveMigrationsDir(), (chunk) =>
        sql.write(chunk) ? undefined : new Promise<void>((resolve) => sql.once('drain', () => resolve())),
      ),
    )
    await new Promise<void>((resolve, reject) => sql.end((error?: Error | null) => (error ? reject(error) : resolve())))
    const images =
      sources.imagesDir && existsSync(sources.imagesDir)
        ? await linkTree(sources.imagesDir, path.join(staging, 'images'))
        : 0
    const secretKey = Boolean(sources.secretKeyFile && existsSync(sources.secretKeyFile))
    if (secretKey) await copyFile(sources.secretKeyFile!, path.join(staging, 'secret.key'))
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      tables,
      images,
      secretKey,
    }
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 })
    const entries = [MANIFEST, 'database.sql', ...(secretKey ? ['secret.key'] : []), ...(images ? ['images'] : [])]
    await pipeline(tar.c({ gzip: true, cwd: staging, portable: true }, entries), output)
    return manifest
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** A file's lines, read only once iteration starts (readline drops lines emitted before anyone listens). */
async function* linesOf(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })
}

export interface RestoreTarget {
  database: DatabaseOptions
  /** DATA_DIR: images go to DATA_DIR/images, the secret key to DATA_DIR/secret.key. */
  dataDir: string
}

// What a restore writes: plain files and folders. A symlink or hard link would let a crafted archive put
// another DATA_DIR file (secret.key, the database) under images/ and /media/ would serve it; a device or fifo has
// no business in a backup. docs/security.md lists this guarantee.
const RESTORABLE = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory'])

/** Reads the archive's entry list and refuses it whole, naming the entry, if any entry is not a file or folder. */
async function checkEntries(file: string): Promise<void> {
  const refused: string[] = []
  const reading = tar.t({
    file,
    strict: true,
    onReadEntry: (entry) => {
      if (!RESTORABLE.has(entry.type)) {
        const to = entry.linkpath ? ` -> ${entry.linkpath}` : ''
        refused.push(`${entry.path}${to} (${entry.type})`)
      }
      entry.resume()
    },
  })
  await reading.catch((error: unknown) => {
    throw new RestoreError(
      `${file} cannot be read as a backup archive (${error instanceof Error ? error.message : String(error)}): it is damaged or cut short`,
    )
  })
  if (refused.length > 0)
    throw new RestoreError(
      `${file} holds entries a backup never has: ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}. ` +
        'A restore writes only regular files and folders (links could expose other files of the data directory); nothing was restored',
    )
}

/** Restores an archive into an empty data directory or an empty PostgreSQL database (and an empty image store). */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const imagesDir = path.join(target.dataDir, 'images')
  if (existsSync(imagesDir) && (await readdir(imagesDir)).length > 0) {
    throw new RestoreError(`${path.resolve(imagesDir)} is not empty: restore only into an empty data directory`)
  }
  await checkEntries(file)
  await mkdir(target.dataDir, { recursive: true, mode: 0o700 })
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'))
  try {
    // The filter repeats the check above for the archive as read now (it is the same file, but not locked).
    await tar.x({
      file,
      cwd: staging,
      strict: true,
      filter: (_, entry) => 'type' in entry && RESTORABLE.has(entry.type),
    })
    const manifestFile = path.join(staging, MANIFEST)
    if (!existsSync(manifestFile)) throw new RestoreError(`${file} is not a Wayfarer backup (no ${MANIFEST})`)
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest
    if (manifest.format !== 1) throw new RestoreError(`Unsupported backup format ${String(manifest.format)}`)
    await restoreDatabase(target.database, linesOf(path.join(staging, 'database.sql')))
    if (existsSync(path.join(staging, 'images'))) {
      await rm(imagesDir, { recursive: true, force: true })
      await rename(path.join(staging, 'images'), imagesDir)
    }
    const keyFile = path.join(target.dataDir, 'secret.key')
    if (manifest.secretKey && !existsSync(keyFile)) {
      await copyFile(path.join(staging, 'secret.key'), keyFile)
    }
    securePrivateTree(target.dataDir)
    return manifest
  } finally {
    await removeStaging(staging)
  }
}

/**
 * Removes the staging folder without hiding why the restore failed: a failed extraction can still have writes in
 * flight, which made rm fail with ENOTEMPTY and that error replaced the real one. Retries cover the race; if the
 * folder still cannot go, that is said on stderr and the original error (or result) stands.
 */
async function removeStaging(staging: string): Promise<void> {
  try {
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 })
  } catch (error) {
    console.error(`Could not remove the staging folder ${staging}: ${(error as Error).message}`)
  }
}
