import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

/** Who holds the lock: a pid alone names a process only until the pid is reused. */
interface Holder {
  pid: number
  /** The process's start time (clock ticks since boot, /proc/<pid>/stat field 22); null where /proc is absent. */
  startTime: string | null
  /** This boot of the kernel: start times only compare within one boot. */
  bootId: string | null
}

const readOrNull = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

/** Start time of a live process, or null when it does not exist or /proc is unavailable. */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
}

const bootId = () => readOrNull('/proc/sys/kernel/random/boot_id')
const me = (): Holder => ({ pid: process.pid, startTime: processStartTime(process.pid), bootId: bootId() })

function parseHolder(text: string): Holder {
  try {
    const parsed = JSON.parse(text) as Partial<Holder> | number
    if (typeof parsed === 'number') return { pid: parsed, startTime: null, bootId: null }
    return { pid: Number(parsed.pid), startTime: parsed.startTime ?? null, bootId: parsed.bootId ?? null }
  } catch {
    return { pid: Number.NaN, startTime: null, bootId: null }
  }
}

/**
 * Whether the process named in a lock file still runs. A pid alone is not enough: after a crash the pid can
 * belong to an unrelated process (in a container, node itself is pid 1 on every start). With /proc, the holder
 * is alive only if a process with that pid exists *and* started at the recorded time in the same boot.
 */
function holderIsAlive(holder: Holder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false
  if (holder.startTime !== null && holder.bootId !== null && bootId() !== null) {
    return holder.bootId === bootId() && processStartTime(holder.pid) === holder.startTime
  }
  // No /proc (or an old pid-only file): fall back to "a process with this pid exists", except ourselves.
  if (holder.pid === process.pid) return holder.startTime === null ? false : holder.startTime === me().startTime
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no inter-process locking, and two processes on one data dir corrupt it. A lock file taken with
 * O_EXCL keeps a second Wayfarer out; one left by a dead process — or by a pid now reused — is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = path.join(dataDir, 'wayfarer.pid')
  const mine = JSON.stringify(me())
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, mine)
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = parseHolder(readOrNull(file) ?? '')
      if (holderIsAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is already in use by another Wayfarer process (pid ${holder.pid}). ` +
            'Stop that process first, or start this one with a different DATA_DIR.',
        )
      }
      unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`)
}

/** The pid of the live process holding `dataDir`, or null (the backup CLI asks the running server). */
export function dataDirHolder(dataDir: string): number | null {
  const text = readOrNull(path.join(dataDir, 'wayfarer.pid'))
  if (text === null) return null
  const holder = parseHolder(text)
  return holderIsAlive(holder) ? holder.pid : null
}
