import { chmodSync, closeSync, fsyncSync, lstatSync, openSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

/** The parts of Emscripten's file system this module touches. */
interface EmscriptenStream {
  nfd?: number
  node: { mode: number }
}
interface NodeFsType {
  stream_ops: { fsync?: (stream: EmscriptenStream) => number }
}
interface EmscriptenModule {
  FS: { filesystems: { NODEFS: NodeFsType }; isDir(mode: number): boolean }
}

/** Counts the fsync calls PostgreSQL made through the file system (the bench reports them). */
export const durabilityStats = { fsyncs: 0 }

/**
 * PGlite's NodeFS with a working fsync. PGlite starts PostgreSQL with fsync off (`-F`) and Emscripten's
 * Node file system has no fsync at all, so an acknowledged commit lived only in the OS page cache. Here
 * PostgreSQL's own fsync calls — the WAL at every commit, data files at checkpoints, directories after a
 * file is created or renamed — reach the disk through fs.fsyncSync, in the order PostgreSQL issues them.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options)
    const preRun = [...(result.emscriptenOpts.preRun ?? [])]
    preRun.push((mod: unknown) => {
      const { FS } = mod as EmscriptenModule
      FS.filesystems.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0
        fsyncSync(stream.nfd)
        durabilityStats.fsyncs++
        return 0
      }
    })
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } }
  }
}

/**
 * PGlite's start parameters with fsync on. `wal_sync_method=fsync`: Emscripten's fdatasync() is an empty stub,
 * while fsync() reaches the file system above. `shared_buffers=16MB` instead of 128MB: a blog's working set
 * fits, the OS caches the rest, and the server idles about 115 MB smaller. `random_page_cost=1.1`, as for an SSD:
 * the files sit in the OS cache, so a page read out of order costs what the next one does, and with the default
 * (4) the planner read every post to join a search's few hundred hits back to them (a third of a search's time at
 * 10,000 stories).
 */
export const durableStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'random_page_cost=1.1',
]

/**
 * Makes everything under `dir` the owner's alone (files 0600, directories 0700), and with `sync` flushes it to
 * disk: PGlite creates a new cluster in memory and copies it out with default modes and no fsync.
 */
export function securePrivateTree(dir: string, sync = false): void {
  const visit = (entry: string) => {
    const stat = lstatSync(entry)
    if (stat.isSymbolicLink()) return
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(entry, 0o700)
      for (const name of readdirSync(entry)) visit(path.join(entry, name))
    } else if ((stat.mode & 0o777) !== 0o600) {
      chmodSync(entry, 0o600)
    }
    if (!sync) return
    const fd = openSync(entry, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
  visit(dir)
}
