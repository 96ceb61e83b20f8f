import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

// A new embedded database is a copy of an empty cluster made when the server is built, not one made by initdb
// where it is opened. PGlite's initdb runs a second PostgreSQL instance beside the first and copies its whole
// memory: about 890 MB resident for the few seconds it takes (a first start, `npm run import` into a new
// DATA_DIR, a restore), against about 280 MB to unpack the ready cluster. The build makes it once per engine
// (build.mjs); run from source there is none, and initdb makes the cluster as before.

/** Settings that shape memory and durability; the server always passes them at start (durable-fs.ts). */
const INITDB_PARAMS = ['-c', 'shared_buffers=16MB']

/** Options for `PGlite.create` that make a new cluster: initdb, told to use the smaller buffer pool from the start. */
export const initdbOptions = { initDbStartParams: INITDB_PARAMS }

/**
 * Identifies the engine a cluster was made by: a cluster made by another PGlite (another catalog version) would
 * not open, so an archive is used only by the engine that made it.
 */
export function engineKey(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const hash = createHash('sha256')
  for (const file of ['pglite.wasm', 'initdb.wasm']) hash.update(readFileSync(path.join(path.dirname(entry), file)))
  return hash.digest('hex').slice(0, 16)
}

const archiveName = (key: string) => `pglite-cluster-${key}.tar.gz`

/** Beside the running bundle (dist/), where the build puts it. */
const bundleDir = () => path.dirname(fileURLToPath(import.meta.url))

/** The empty cluster the build made for this engine, or undefined (run from source, or another engine). */
export function emptyClusterArchive(dir = bundleDir()): Blob | undefined {
  const file = path.join(dir, archiveName(engineKey()))
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
}

/**
 * Writes the empty cluster for the installed engine into `outDir`, reusing the copy in `cacheDir` when one was
 * made before (the build runs often; initdb takes several seconds). Returns the archive's path.
 */
export async function writeEmptyClusterArchive(outDir: string, cacheDir: string): Promise<string> {
  const name = archiveName(engineKey())
  const cached = path.join(cacheDir, name)
  if (!existsSync(cached)) {
    const pglite = await PGlite.create({ dataDir: 'memory://', ...initdbOptions })
    try {
      const dump = await pglite.dumpDataDir('gzip')
      mkdirSync(cacheDir, { recursive: true })
      // Under a temporary name first: builds running side by side (test workers) read a whole one or make their own.
      const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, cached)
    } finally {
      await pglite.close()
    }
  }
  const target = path.join(outDir, name)
  writeFileSync(target, readFileSync(cached))
  return target
}
