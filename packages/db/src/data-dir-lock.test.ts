import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir, processStartTime } from './data-dir-lock'

describe('data dir lock', () => {
  it('lets one holder in, refuses a second, and frees on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(/already in use by another Wayfarer process \(pid \d+\)/)
    release()
    lockDataDir(dir)()
  })

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    writeFileSync(path.join(dir, 'wayfarer.pid'), '2147480000')
    const release = lockDataDir(dir)
    expect(JSON.parse(readFileSync(path.join(dir, 'wayfarer.pid'), 'utf8'))).toMatchObject({ pid: process.pid })
    release()
  })

  // After a crash the recorded pid may belong to a live but unrelated process.
  it('takes over a lock whose pid now belongs to another, live process (pid reuse)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    // pid 1 is alive, but did not start at this time.
    writeFileSync(path.join(dir, 'wayfarer.pid'), JSON.stringify({ pid: 1, startTime: '1', bootId }))
    lockDataDir(dir)()
    // Our own pid, recorded by an earlier process that had the same pid (node as pid 1 in a container).
    writeFileSync(
      path.join(dir, 'wayfarer.pid'),
      JSON.stringify({ pid: process.pid, startTime: `${Number(processStartTime(process.pid)) - 100}`, bootId }),
    )
    lockDataDir(dir)()
    // A lock from an earlier boot.
    writeFileSync(
      path.join(dir, 'wayfarer.pid'),
      JSON.stringify({ pid: process.ppid, startTime: processStartTime(process.ppid), bootId: 'an-earlier-boot' }),
    )
    lockDataDir(dir)()
  })

  it('still refuses a live holder that really is the recorded process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    writeFileSync(
      path.join(dir, 'wayfarer.pid'),
      JSON.stringify({ pid: process.ppid, startTime: processStartTime(process.ppid), bootId }),
    )
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
  })
})
